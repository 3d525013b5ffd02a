import Programs
import Records
import Testing

@Suite struct ZwiftExportTests {
    /// A ride named as Zwift's steps come back, so that exporting and reading gives it whole.
    static let ride = Program(
        name: "Over-unders & <friends>", kind: .indoorRide, instructions: "Two lines:\n\"quoted\" and 'single'.",
        steps: [
            .interval(
                Interval(
                    name: "Warm-up", role: .warmUp, length: .time(.seconds(600)),
                    target: Target(intensity: .ftpRamp(fromPercent: 45, toPercent: 75), cadencePerMinute: 85),
                    messages: [.init(offset: .seconds(30), text: "Easy & steady")])),
            .repeat(
                count: 3,
                steps: [
                    .interval(
                        Interval(
                            name: "Work", length: .time(.seconds(120)),
                            target: Target(intensity: .ftp(percent: 105.5), cadencePerMinute: 95),
                            messages: [.init(offset: .seconds(60), text: "Halfway")])),
                    .interval(
                        Interval(
                            name: "Recover", role: .recover, length: .time(.seconds(60)),
                            target: Target(intensity: .ftp(percent: 50), cadencePerMinute: 80))),
                ]),
            .interval(
                Interval(
                    name: "Steady", length: .time(.seconds(300)), target: Target(intensity: .ftp(percent: 88.3)))),
            .interval(
                Interval(
                    name: "Ramp", length: .time(.seconds(90)),
                    target: Target(intensity: .ftpRamp(fromPercent: 60, toPercent: 110)))),
            .interval(Interval(name: "Free ride", length: .time(.seconds(120)))),
            .interval(
                Interval(name: "Max effort", length: .time(.seconds(15)), target: Target(intensity: .maxEffort))),
            .interval(
                Interval(
                    name: "Cool-down", role: .coolDown, length: .time(.seconds(300)),
                    target: Target(intensity: .ftp(percent: 40)))),
        ])

    @Test func aRideExportsAndReadsBackWhole() throws {
        let xml = try Self.ride.zwift()
        var expected = Self.ride
        expected.kind = .ride  // Zwift says "bike", which reads as a ride
        #expect(try Program(zwift: xml) == expected)
    }

    @Test func theExportIsTheZwiftElementsWithPowerAsAFraction() throws {
        let xml = try Self.ride.zwift()
        #expect(xml.contains("<name>Over-unders &amp; &lt;friends&gt;</name>"))
        #expect(xml.contains("<sportType>bike</sportType>"))
        #expect(xml.contains("<Warmup Duration=\"600\" PowerLow=\"0.45\" PowerHigh=\"0.75\" Cadence=\"85\">"))
        #expect(xml.contains("<textevent timeoffset=\"30\" message=\"Easy &amp; steady\"/>"))
        #expect(
            xml.contains(
                "<IntervalsT Repeat=\"3\" OnDuration=\"120\" OffDuration=\"60\" OnPower=\"1.055\" OffPower=\"0.5\" "
                    + "Cadence=\"95\" CadenceResting=\"80\">"))
        #expect(xml.contains("<SteadyState Duration=\"300\" Power=\"0.883\"/>"))
        #expect(xml.contains("<Ramp Duration=\"90\" PowerLow=\"0.6\" PowerHigh=\"1.1\"/>"))
        #expect(xml.contains("<FreeRide Duration=\"120\"/>"))
        #expect(xml.contains("<MaxEffort Duration=\"15\"/>"))
        #expect(xml.contains("<Cooldown Duration=\"300\" PowerLow=\"0.4\" PowerHigh=\"0.4\"/>"))
    }

    @Test func aRepeatThatIsNotWorkAndRecoverIsWrittenOut() throws {
        let program = Program(
            name: "Threes", kind: .ride,
            steps: [
                .repeat(
                    count: 2,
                    steps: [
                        .interval(
                            Interval(
                                name: "A", length: .time(.seconds(60)), target: Target(intensity: .ftp(percent: 90)))),
                        .interval(
                            Interval(
                                name: "B", length: .time(.seconds(60)), target: Target(intensity: .ftp(percent: 100)))),
                        .interval(
                            Interval(
                                name: "C", length: .time(.seconds(60)), target: Target(intensity: .ftp(percent: 110)))),
                    ])
            ])
        let back = try Program(zwift: try program.zwift())
        #expect(back.steps.count == 6)
        #expect(back.estimatedDuration == .seconds(360))
    }

    @Test func aRunIsNotExported() throws {
        let run = try #require(BuiltInPrograms.program(id: "run-8x400"))
        let error = #expect(throws: ProgramError.self) { try run.zwift() }
        #expect(error?.kind == .unsupported)
        #expect(error?.description.contains("a run program is not a ride") == true)
    }

    @Test func anExerciseADistanceOrAWattTargetIsNamedAsWhatZwiftCannotSay() throws {
        let cases: [(ProgramStep, String)] = [
            (.exercise(Exercise(name: "Squat", sets: 3, work: .repetitions(5))), "exercise"),
            (.interval(Interval(name: "Far", length: .distance(meters: 5000))), "distance"),
            (
                .interval(
                    Interval(name: "Watts", length: .time(.seconds(60)), target: Target(intensity: .power(watts: 250)))),
                "target"
            ),
        ]
        for (step, key) in cases {
            let program = Program(
                name: "x", kind: .ride, steps: [.interval(Interval(name: "ok", length: .time(.seconds(60)))), step])
            let error = #expect(throws: ProgramError.self) { try program.zwift() }
            #expect(error?.kind == .unsupported)
            #expect(error?.step == "2")
            #expect(error?.key == key)
        }
    }
}
