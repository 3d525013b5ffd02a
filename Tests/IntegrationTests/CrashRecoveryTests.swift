import BlueZTestKit
import Foundation
import HubStore
import Testing

@Suite(.serialized) struct CrashRecoveryTests {
    /// A real-time simulated workout with the console in line mode and no progress lines.
    static func configuration(resumeWithinMinutes: Int) -> String {
        """
        [workout]
        resume-within-minutes = \(resumeWithinMinutes)

        [plugins.simulator]
        workout = "manual"

        [plugins.console]
        mode = "lines"
        progress-every-seconds = 0
        """
    }

    @Test func killNineLosesAtMostOneSecondAndTheWorkoutIsResumed() async throws {
        let scratch = try Scratch()
        let config = try scratch.write("stayfit.toml", Self.configuration(resumeWithinMinutes: 10))
        let arguments = ["run", "--simulate", "--config", config, "--data-dir", scratch.path("data")]

        let hub = try StayfitProcess(arguments)
        try await hub.waitForOutput("StayFit Hub is ready")
        hub.send("start")
        try await hub.waitForOutput("Workout started.")
        // Killed once the store shows four seconds: the seconds are committed as they close, so what a reader
        // saw committed is what survives the kill (the second in flight is all a crash may take).
        let store = try scratch.store()
        var seen = 0
        try await eventually("the store to show four seconds of the workout", timeout: TestDeadline.hang) {
            guard let workout = try await store.unfinishedWorkout() else { return false }
            seen = try await store.samples(of: workout.id).count
            return seen >= 4
        }
        hub.signal(SIGKILL)
        try await hub.waitForExit()

        let interrupted = try #require(try await store.unfinishedWorkout())
        let samples = try await store.samples(of: interrupted.id)
        #expect(samples.count >= seen, "seconds the store had shown before the kill were lost")
        #expect(samples.map(\.second) == Array(1...samples.count))

        let restarted = try StayfitProcess(arguments)
        try await restarted.waitForOutput("Resumed the workout interrupted")
        // Recording carries on: two more seconds stored before the stop.
        try await eventually("two more seconds stored after the restart", timeout: TestDeadline.hang) {
            try await store.samples(of: interrupted.id).count >= samples.count + 2
        }
        restarted.send("stop")
        try await restarted.waitForOutput("finished")
        restarted.send("quit")
        #expect(try await restarted.waitForExit() == 0)

        let workout = try #require(try await store.workout(interrupted.id))
        #expect(workout.status == .finished)
        #expect(workout.recovery == .resumed)
        let after = try await store.samples(of: interrupted.id)
        #expect(after.count > samples.count, "recording carried on after the restart")
        #expect(after.map(\.second) == Array(1...after.count))
        #expect(Array(after.prefix(samples.count)) == samples, "nothing recorded before the crash was changed")
        let pauses = try await store.pauses(of: interrupted.id)
        #expect(pauses.count == 1, "the time the hub was down is recorded as a pause")
        #expect(try await store.workouts().count == 1)
    }

    /// `--speed 60` labels the seconds a minute a second ahead of the wall clock. A restart right after the crash
    /// used to find the time away unknown (`away=unknown`) and closed the workout; the boot clock measures it.
    @Test func aSpedUpSimulationRestartedRightAfterAKillNineIsResumed() async throws {
        let scratch = try Scratch()
        let config = try scratch.write("stayfit.toml", Self.configuration(resumeWithinMinutes: 10))
        let arguments = [
            "run", "--simulate", "--speed", "60", "--config", config, "--data-dir", scratch.path("data"),
        ]
        let store = try scratch.store()

        let hub = try StayfitProcess(arguments)
        try await hub.waitForOutput("StayFit Hub is ready")
        hub.send("start")
        try await hub.waitForOutput("Workout started.")
        let before = try await Self.waitForSamples(atLeast: 30, in: store)
        kill(hub.processIdentifier, SIGKILL)
        try await hub.waitForExit()
        let interrupted = try #require(try await store.unfinishedWorkout())
        let samples = try await store.samples(of: interrupted.id)
        #expect(samples.count >= before)

        let restarted = try StayfitProcess(arguments)
        try await restarted.waitForOutput("Resumed the workout interrupted")
        _ = try await Self.waitForSamples(atLeast: samples.count + 30, in: store)
        restarted.send("stop")
        try await restarted.waitForOutput("Workout finished")
        restarted.send("quit")
        #expect(try await restarted.waitForExit() == 0, "stderr: \(restarted.standardError)")
        #expect(restarted.standardError.contains("resumed an interrupted workout"), "\(restarted.standardError)")

        let workout = try #require(try await store.workout(interrupted.id))
        #expect((workout.status, workout.recovery) == (.finished, .resumed))
        #expect(try await store.workouts().count == 1)
        let after = try await store.samples(of: interrupted.id)
        #expect(after.map(\.second) == Array(1...after.count))
        #expect(Array(after.prefix(samples.count)) == samples, "nothing recorded before the crash was changed")
        // One timeline: the seconds after the restart follow those before it and the time away.
        let pauses = try await store.pauses(of: interrupted.id)
        #expect(pauses.count == 1, "the time the hub was down is recorded as a pause")
        let pause = try #require(pauses.first)
        #expect(pause.startedAt == samples.last?.recordedAt)
        let resumed = after.dropFirst(samples.count)
        #expect(resumed.allSatisfy { $0.recordedAt > (pause.endedAt ?? .distantFuture) }, "\(pause)")
        #expect(zip(after, after.dropFirst()).allSatisfy { $0.recordedAt < $1.recordedAt })
        // The stop falls in the last second (which is labelled at its end, as ever).
        let last = try #require(after.last)
        #expect(workout.endedAt.map { $0 >= last.recordedAt.addingTimeInterval(-1) } == true)
    }

    /// Waits until the workout under way has `count` seconds stored; returns how many it has.
    private static func waitForSamples(atLeast count: Int, in store: HubStore) async throws -> Int {
        var stored = 0
        try await eventually("the workout under way to have \(count) seconds stored", timeout: TestDeadline.hang) {
            guard let workout = try await store.unfinishedWorkout() else { return false }
            stored = try await store.samples(of: workout.id).count
            return stored >= count
        }
        return stored
    }

    @Test func anInterruptedWorkoutFoundTooLateIsClosedWithItsData() async throws {
        let scratch = try Scratch()
        let store = try scratch.store()
        let start = Date().addingTimeInterval(-3600)
        let id = try await store.startWorkout(at: start, goal: nil)
        var totals = WorkoutTotals()
        var samples: [WorkoutSample] = []
        for second in 1...30 {
            totals.movingSeconds = second
            totals.distanceMeters = Double(second) * 3
            samples.append(
                WorkoutSample(
                    second: second, recordedAt: start.addingTimeInterval(Double(second)), heartRate: 130, latitude: nil,
                    longitude: nil, speedMetersPerSecond: 3, distanceMeters: Double(second) * 3,
                    kilocalories: Double(second) * 0.2,
                    steps: nil))
        }
        try await store.recordSamples(samples, totals: totals, of: id)
        let stored = try await store.samples(of: id)

        let config = try scratch.write("stayfit.toml", Self.configuration(resumeWithinMinutes: 10))
        let hub = try StayfitProcess(["run", "--config", config, "--data-dir", scratch.path("data")])
        try await hub.waitForOutput("Closed the interrupted workout")
        hub.send("quit")
        #expect(try await hub.waitForExit() == 0)
        #expect(hub.standardOutput.contains("0:30, 90 m saved"), "output: \(hub.standardOutput)")

        let workout = try #require(try await store.workout(id))
        #expect(workout.status == .finished)
        #expect(workout.recovery == .closed)
        #expect(workout.endedAt == stored.last?.recordedAt)
        #expect(workout.totals.movingSeconds == 30)
        #expect(abs(workout.totals.distanceMeters - 90) < 1e-9)
        #expect(try await store.samples(of: id) == stored)
    }
}
