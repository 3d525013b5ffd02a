import Programs
import Records
import Testing

@Suite struct TOMLRoundTripTests {
    /// Every key of the format, written by hand as a person would: comments, spacing, other spellings.
    static let handWritten = #"""
        # My Tuesday session
        name = "Tuesday mix"
        kind = "Indoor Ride"   # any spelling of a kind
        instructions = """
        Two parts: "legs" on the bike,
        then arms on the floor."""

        [[steps]]
        interval = "Warm-up"
        role = "Warm up"
        time = "10 min"
        target = { ftp-from = 45, ftp-to = 72.5, cadence = 85 }
        messages = [{ at = "0 s", text = "Easy does it" }, { at = "9:30", text = "Half a minute" }]

        [[steps]]
        repeat = 2

        [[steps.steps]]
        interval = "Over"
        time = "1:02:03"
        target = { power = 250 }
        instructions = "Seated; \\ no surges"

        [[steps.steps]]
        repeat = 3

        [[steps.steps.steps]]
        interval = "Spin-up"
        time = "30 s"
        target = { max-effort = true }

        [[steps.steps.steps]]
        interval = "Easy"
        role = "recovery"
        time = "45 seconds"

        [[steps.steps]]
        interval = "Steady"
        time = "5:00"
        target = { ftp = 88.3 }

        [[steps]]
        interval = "Jog"
        distance = "1.5 km"
        target = { pace = "5:30/km" }

        [[steps]]
        interval = "Treadmill"
        distance = "2 km"
        target = { speed = 10.5, incline = 2.5 }

        [[steps]]
        interval = "Zone 2"
        time = "20:00"
        target = { zone = 2 }

        [[steps]]
        exercise = "Bench press"
        sets = 3
        reps = 10
        weight = 62.5
        rest = "1:30"
        instructions = "Elbows at 45°"

        [[steps]]
        exercise = "Plank"
        time = "0:45"

        [[steps]]
        interval = "Cool-down"
        role = "cool-down"
        time = "5:00"
        """#

    static let expected = Program(
        name: "Tuesday mix", kind: .indoorRide,
        instructions: "Two parts: \"legs\" on the bike,\nthen arms on the floor.",
        steps: [
            .interval(
                Interval(
                    name: "Warm-up", role: .warmUp, length: .time(.seconds(600)),
                    target: Target(intensity: .ftpRamp(fromPercent: 45, toPercent: 72.5), cadencePerMinute: 85),
                    messages: [
                        .init(offset: .zero, text: "Easy does it"), .init(offset: .seconds(570), text: "Half a minute"),
                    ])),
            .repeat(
                count: 2,
                steps: [
                    .interval(
                        Interval(
                            name: "Over", length: .time(.seconds(3723)), target: Target(intensity: .power(watts: 250)),
                            instructions: "Seated; \\ no surges")),
                    .repeat(
                        count: 3,
                        steps: [
                            .interval(
                                Interval(
                                    name: "Spin-up", length: .time(.seconds(30)), target: Target(intensity: .maxEffort))
                            ),
                            .interval(Interval(name: "Easy", role: .recover, length: .time(.seconds(45)))),
                        ]),
                    .interval(
                        Interval(
                            name: "Steady", length: .time(.seconds(300)), target: Target(intensity: .ftp(percent: 88.3))
                        )),
                ]),
            .interval(
                Interval(
                    name: "Jog", length: .distance(meters: 1500),
                    target: Target(intensity: .pace(secondsPerKilometer: 330)))),
            .interval(
                Interval(
                    name: "Treadmill", length: .distance(meters: 2000),
                    target: Target(intensity: .speed(kilometersPerHour: 10.5), inclinePercent: 2.5))),
            .interval(
                Interval(name: "Zone 2", length: .time(.seconds(1200)), target: Target(intensity: .heartRateZone(2)))),
            .exercise(
                Exercise(
                    name: "Bench press", sets: 3, work: .repetitions(10), weightKilograms: 62.5,
                    restBetweenSets: .seconds(90), instructions: "Elbows at 45°")),
            .exercise(Exercise(name: "Plank", sets: 1, work: .time(.seconds(45)))),
            .interval(Interval(name: "Cool-down", role: .coolDown, length: .time(.seconds(300)))),
        ])

    @Test func aHandWrittenFileReadsAsWritten() throws {
        let program = try Program(toml: Self.handWritten, file: "tuesday.toml")
        #expect(program == Self.expected)
    }

    @Test func writingAndReadingGivesTheSameProgram() throws {
        let written = Self.expected.toml
        let reread = try Program(toml: written, file: "written.toml")
        #expect(reread == Self.expected)
        #expect(reread.toml == written)
    }

    @Test func theWrittenFileIsLaidOutForPeople() {
        let written = Self.expected.toml
        #expect(written.hasPrefix("name = \"Tuesday mix\"\nkind = \"indoor-ride\"\n"))
        #expect(written.contains("\n[[steps.steps.steps]]\ninterval = \"Spin-up\"\ntime = \"30 s\"\n"))
        #expect(written.contains("target = { ftp-from = 45, ftp-to = 72.5, cadence = 85 }"))
        #expect(written.contains("distance = \"1500 m\""))
        #expect(written.contains("distance = \"2 km\""))
        #expect(written.contains("target = { pace = \"5:30 /km\" }"))
        #expect(written.contains("time = \"1:02:03\""))
        #expect(written.contains("role = \"recover\""))
        #expect(written.contains("exercise = \"Bench press\"\nsets = 3\nreps = 10\nweight = 62.5\nrest = \"1:30\"\n"))
        #expect(written.contains("exercise = \"Plank\"\ntime = \"45 s\"\n"))
        #expect(written.contains(#"instructions = "Two parts: \"legs\" on the bike,\nthen arms on the floor.""#))
    }

    @Test func stepsMayAlsoBeWrittenAsInlineTables() throws {
        let program = try Program(
            toml: """
                name = "Short"
                kind = "walk"
                steps = [{ interval = "Walk", time = "5:00" }, { exercise = "Squats", reps = 10 }]
                """)
        #expect(
            program.steps == [
                .interval(Interval(name: "Walk", length: .time(.seconds(300)))),
                .exercise(Exercise(name: "Squats", sets: 1, work: .repetitions(10))),
            ])
    }

    @Test(arguments: [
        ("1:30", 90), ("01:30", 90), ("90:00", 5400), ("1:00:00", 3600), ("45 s", 45), ("45s", 45),
        ("5 min", 300), ("5 minutes", 300), ("1 h", 3600), ("2 hours", 7200), ("30 sec", 30),
    ])
    func timesReadAsPeopleWriteThem(text: String, seconds: Int) throws {
        let program = try Program(toml: programWithStep("interval = \"x\"\ntime = \"\(text)\""))
        #expect(program.steps == [.interval(Interval(name: "x", length: .time(.seconds(seconds))))])
    }
}
