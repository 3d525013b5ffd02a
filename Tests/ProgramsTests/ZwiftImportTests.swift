import Programs
import Records
import Testing

@Suite struct ZwiftImportTests {
    /// A workout with `steps` inside `<workout>`; the steps start on line 7.
    private func workout(_ steps: String, sport: String = "bike") -> String {
        """
        <workout_file>
            <author>Someone</author>
            <name>Test ride</name>
            <description>Ride it &amp; enjoy</description>
            <sportType>\(sport)</sportType>
            <workout>
        \(steps)
            </workout>
        </workout_file>
        """
    }

    private func onlyStep(_ xml: String) throws -> ProgramStep {
        let program = try Program(zwift: workout(xml))
        try #require(program.steps.count == 1)
        return program.steps[0]
    }

    @Test func theNameDescriptionAndSportAreTheProgramsNameInstructionsAndKind() throws {
        let program = try Program(zwift: workout("<FreeRide Duration=\"600\"/>"))
        #expect(program.name == "Test ride")
        #expect(program.instructions == "Ride it & enjoy")
        #expect(program.kind == .ride)
        let run = try Program(zwift: workout("<FreeRide Duration=\"600\"/>", sport: "run"))
        #expect(run.kind == .run)
    }

    @Test func aSteadyStateIsAnIntervalAtAShareOfFTP() throws {
        let step = try onlyStep("<SteadyState Duration=\"300\" Power=\"0.88\" Cadence=\"90\"/>")
        #expect(
            step
                == .interval(
                    Interval(
                        name: "Steady", length: .time(.seconds(300)),
                        target: Target(intensity: .ftp(percent: 88), cadencePerMinute: 90))))
    }

    @Test func aWarmupRampsFromPowerLowToPowerHigh() throws {
        let step = try onlyStep("<Warmup Duration=\"600\" PowerLow=\"0.25\" PowerHigh=\"0.75\"/>")
        #expect(
            step
                == .interval(
                    Interval(
                        name: "Warm-up", role: .warmUp, length: .time(.seconds(600)),
                        target: Target(intensity: .ftpRamp(fromPercent: 25, toPercent: 75)))))
    }

    @Test func aCooldownRampsFromPowerLowToPowerHigh() throws {
        let step = try onlyStep("<Cooldown Duration=\"480\" PowerLow=\"0.65\" PowerHigh=\"0.4\"/>")
        #expect(
            step
                == .interval(
                    Interval(
                        name: "Cool-down", role: .coolDown, length: .time(.seconds(480)),
                        target: Target(intensity: .ftpRamp(fromPercent: 65, toPercent: 40)))))
    }

    @Test func aRampIsAWorkIntervalAndAFlatRampAConstantPower() throws {
        let ramp = try onlyStep("<Ramp Duration=\"120\" PowerLow=\"0.5\" PowerHigh=\"1.2\"/>")
        #expect(
            ramp
                == .interval(
                    Interval(
                        name: "Ramp", length: .time(.seconds(120)),
                        target: Target(intensity: .ftpRamp(fromPercent: 50, toPercent: 120)))))
        let flat = try onlyStep("<Warmup Duration=\"120\" PowerLow=\"0.6\" PowerHigh=\"0.6\"/>")
        #expect(
            flat
                == .interval(
                    Interval(
                        name: "Warm-up", role: .warmUp, length: .time(.seconds(120)),
                        target: Target(intensity: .ftp(percent: 60)))))
    }

    @Test func intervalsTIsARepeatOfWorkAndRecoverWithTheirCadences() throws {
        let step = try onlyStep(
            """
            <IntervalsT Repeat="4" OnDuration="240" OffDuration="180" OnPower="1.15" OffPower="0.5" Cadence="95" CadenceResting="85"/>
            """)
        #expect(
            step
                == .repeat(
                    count: 4,
                    steps: [
                        .interval(
                            Interval(
                                name: "Work", length: .time(.seconds(240)),
                                target: Target(intensity: .ftp(percent: 115), cadencePerMinute: 95))),
                        .interval(
                            Interval(
                                name: "Recover", role: .recover, length: .time(.seconds(180)),
                                target: Target(intensity: .ftp(percent: 50), cadencePerMinute: 85))),
                    ]))
    }

    @Test func aFreeRideHasNoPowerTargetAndAMaxEffortIsAllOut() throws {
        #expect(
            try onlyStep("<FreeRide Duration=\"600\" FlatRoad=\"1\"/>")
                == .interval(Interval(name: "Free ride", length: .time(.seconds(600)))))
        #expect(
            try onlyStep("<FreeRide Duration=\"60\" Cadence=\"100\"/>")
                == .interval(
                    Interval(name: "Free ride", length: .time(.seconds(60)), target: Target(cadencePerMinute: 100))))
        #expect(
            try onlyStep("<MaxEffort Duration=\"30\"/>")
                == .interval(
                    Interval(name: "Max effort", length: .time(.seconds(30)), target: Target(intensity: .maxEffort))))
    }

    @Test func textEventsAreKeptWithTheirOffsetsOnTheirStep() throws {
        let step = try onlyStep(
            """
            <SteadyState Duration="300" Power="0.9">
                <textevent timeoffset="0" message="Settle in"/>
                <TextEvent timeoffset="240" message="One minute &lt;left&gt;"/>
            </SteadyState>
            """)
        guard case .interval(let interval) = step else {
            Issue.record("expected an interval, got \(step)")
            return
        }
        #expect(
            interval.messages == [
                Interval.Message(offset: .zero, text: "Settle in"),
                Interval.Message(offset: .seconds(240), text: "One minute <left>"),
            ])
    }

    @Test func textEventsOfIntervalsTGoOnTheWorkInterval() throws {
        let step = try onlyStep(
            """
            <IntervalsT Repeat="2" OnDuration="60" OffDuration="60" OnPower="1.2" OffPower="0.5">
                <textevent timeoffset="10" message="Go"/>
            </IntervalsT>
            """)
        guard case .repeat(_, let steps) = step, case .interval(let work) = steps.first else {
            Issue.record("expected a repeat of intervals, got \(step)")
            return
        }
        #expect(work.messages == [Interval.Message(offset: .seconds(10), text: "Go")])
    }

    @Test func everyElementInOneWorkoutReadsInOrder() throws {
        let program = try Program(
            zwift: workout(
                """
                <Warmup Duration="600" PowerLow="0.25" PowerHigh="0.75"/>
                <SteadyState Duration="300" Power="0.88"/>
                <IntervalsT Repeat="3" OnDuration="30" OffDuration="30" OnPower="1.5" OffPower="0.5"/>
                <Ramp Duration="60" PowerLow="0.6" PowerHigh="0.9"/>
                <FreeRide Duration="300"/>
                <MaxEffort Duration="20"/>
                <Cooldown Duration="300" PowerLow="0.6" PowerHigh="0.3"/>
                """))
        #expect(
            program.steps.map(\.name) == ["Warm-up", "Steady", nil, "Ramp", "Free ride", "Max effort", "Cool-down"])
        // 600 + 300 + 3 × 60 + 60 + 300 + 20 + 300.
        #expect(program.estimatedDuration == .seconds(1760))
        #expect(program.expandedStepCount == 12)
    }

    @Test func aPowerOfZeroIsRefusedOnItsLine() throws {
        let error = try refusal(zwift: workout("<SteadyState Duration=\"300\" Power=\"0\"/>"))
        #expect(error.line == 7)
        #expect(error.step == "1")
        #expect(error.key == "Power")
        #expect(error.description.hasPrefix("test.zwo:7: step 1, Power: 0 is 0 % of FTP, not a power to hold."))
    }

    @Test func anAbsurdPowerIsRefused() throws {
        let error = try refusal(
            zwift: workout("<FreeRide Duration=\"60\"/>\n<SteadyState Duration=\"300\" Power=\"75\"/>"))
        #expect(error.line == 8)
        #expect(error.step == "2")
        #expect(error.description.contains("75 is 7500 % of FTP"))
    }

    @Test func aMissingDurationIsRefused() throws {
        let error = try refusal(zwift: workout("<SteadyState Power=\"0.8\"/>"))
        #expect(error.kind == .missing)
        #expect(error.description.hasPrefix("test.zwo:7: step 1, Duration: <SteadyState> has no Duration."))
    }

    @Test func anUnknownStepElementIsRefusedWithTheOnesThereAre() throws {
        let error = try refusal(zwift: workout("<SolidState Duration=\"60\"/>"))
        #expect(error.kind == .unsupported)
        #expect(
            error.description
                == "test.zwo:7: step 1: <SolidState> is not a Zwift step this hub reads. Use the steps it reads: "
                + "SteadyState, Warmup, Cooldown, Ramp, IntervalsT, FreeRide, MaxEffort.")
    }

    @Test func anotherSportIsRefused() throws {
        let error = try refusal(zwift: workout("<FreeRide Duration=\"60\"/>", sport: "swim"))
        #expect(error.kind == .unsupported)
        #expect(error.description.contains("sportType \"swim\" is neither bike nor run"))
    }

    @Test func brokenXMLIsRefusedWithItsLine() throws {
        let error = try refusal(
            zwift: "<workout_file>\n<name>x</name>\n<workout>\n<FreeRide Duration=\"60\">\n</workout_file>")
        #expect(error.kind == .syntax)
        #expect(error.line == 5)
        #expect(
            error.description
                == "test.zwo:5: not valid XML (an end tag does not match the element it closes). Fix the XML, or "
                + "export the workout from Zwift again.")
    }

    @Test func aFileThatIsNotAZwiftWorkoutIsRefused() throws {
        let error = try refusal(zwift: "<gpx><trk/></gpx>")
        #expect(error.description.contains("the root element is <gpx>"))
    }

    @Test func aWorkoutWithoutStepsIsRefused() throws {
        let error = try refusal(zwift: workout(""))
        #expect(error.kind == .missing)
        #expect(error.description.contains("the workout has no steps"))
    }
}
