import Programs
import Records
import Testing

/// Estimated durations, worked out by hand.
@Suite struct EstimatedDurationTests {
    @Test func eightTimesFourHundredMetres() throws {
        let program = try #require(BuiltInPrograms.program(id: "run-8x400"))
        // Warm-up 10:00; 8 × (400 m at 4:00 /km = 96 s, + 1:30 jog); cool-down 10:00.
        #expect(program.estimatedDuration == .seconds(600 + 8 * (96 + 90) + 600))
        #expect(program.estimatedDuration == .seconds(2688))
    }

    @Test func fiveTimesFiveStrength() throws {
        let program = try #require(BuiltInPrograms.program(id: "strength-5x5"))
        // Three lifts of 5 sets × 5 reps × 3 s, with 4 rests of 3:00 between the sets; 2 changes of 2:00.
        let lift = 5 * 5 * 3 + 4 * 180
        #expect(program.estimatedDuration == .seconds(3 * lift + 2 * 120))
        #expect(program.estimatedDuration == .seconds(2625))
    }

    @Test func aDistanceWithoutAPaceIsTakenAtTheKindsUsualPace() throws {
        let program = try #require(BuiltInPrograms.program(id: "row-2k-test"))
        // 10:00; 3 × (20 s + 1:40); 3:00; 2000 m at 2:30 /500 m = 8:00; 5:00.
        #expect(program.estimatedDuration == .seconds(600 + 3 * 120 + 180 + 600 + 300))
    }

    @Test func aSpeedTargetSetsThePaceOfADistance() throws {
        let program = Program(
            name: "Treadmill 5 k", kind: .treadmill,
            steps: [
                .interval(
                    Interval(
                        name: "5 k", length: .distance(meters: 5000),
                        target: Target(intensity: .speed(kilometersPerHour: 12))))
            ])
        // 12 km/h is 5:00 /km.
        #expect(program.estimatedDuration == .seconds(1500))
        var faster = program
        faster.steps = [
            .interval(
                Interval(
                    name: "400 m", length: .distance(meters: 400),
                    target: Target(intensity: .speed(kilometersPerHour: 10.5))))
        ]
        // 400 m at 10.5 km/h is 137.14… s, not rounded to a pace of whole seconds a kilometre first.
        #expect(abs((faster.estimatedDuration - .seconds(400 * 3.6 / 10.5)) / .milliseconds(1)) < 1)
        #expect(faster.estimatedDuration > .seconds(137) && faster.estimatedDuration < .seconds(138))
    }

    @Test(arguments: [
        (WorkoutKind.run, 360), (.walk, 600), (.ride, 144), (.indoorRide, 144), (.row, 300), (.treadmill, 360),
        (.strength, 360),
    ])
    func usualPaces(kind: WorkoutKind, secondsPerKilometer: Int) {
        #expect(Program.usualPace(of: kind) == secondsPerKilometer)
    }

    @Test func timedSetsCountTheirTimeAndOneSetHasNoRest() {
        let program = Program(
            name: "Core", kind: .strength,
            steps: [
                .exercise(Exercise(name: "Plank", sets: 3, work: .time(.seconds(45)), restBetweenSets: .seconds(60))),
                .exercise(Exercise(name: "Squats", sets: 1, work: .repetitions(20), restBetweenSets: .seconds(60))),
            ])
        #expect(program.estimatedDuration == .seconds(3 * 45 + 2 * 60 + 20 * 3))
    }
}
