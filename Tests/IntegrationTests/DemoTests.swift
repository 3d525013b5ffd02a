import Foundation
import HubStore
import Testing

@Suite(.serialized) struct DemoTests {
    @Test func demoStoresAWorkoutWhoseDurationAndDistanceMatchTheRecording() async throws {
        let scratch = try Scratch()
        let recording = try scratch.write("straight.csv", StraightRun.csv(seconds: 600))
        let result = try await StayfitProcess.run([
            "demo", "--file", recording, "--speed", "60", "--data-dir", scratch.path("data"),
        ])
        #expect(result.status == 0, "stderr: \(result.error)")
        // The simulator stops the workout half a second after its last reading, just where the engine starts to
        // count a partial last second: a stop a few milliseconds late (a hub second is 17 ms at 60×) makes it
        // 10:01, as the moving-time tolerance below allows too.
        let finished = ["Workout 1 finished: 10:00", "Workout 1 finished: 10:01"]
        #expect(finished.contains { result.output.contains($0) }, "output: \(result.output)")

        let store = try scratch.store()
        let workout = try #require(try await store.workouts().first)
        #expect(workout.status == .finished)
        #expect(workout.isSimulated, "simulated sensors and a sped-up clock: history and statistics can leave it out")
        // 600 readings one second apart: 600 s of moving time, 599 steps of known length between them.
        #expect(abs(workout.totals.movingSeconds - 600) <= 1)
        #expect(abs(workout.totals.distanceMeters - 599 * StraightRun.stepMeters) < 0.5)
        let samples = try await store.samples(of: workout.id)
        #expect(abs(samples.count - 600) <= 1)
        #expect(samples.map(\.second) == Array(1...samples.count))
        // At 60× a hub second is 17 ms: on a busy machine the last reading can miss the last second, as the
        // tolerances above allow for the moving time.
        #expect(samples.compactMap(\.heartRate).count >= 598)
        #expect(try #require(workout.totals.averageSpeedMetersPerSecond) > 3.2)
        #expect(abs((workout.totals.steps ?? 0) - 599 * 3) <= 3)
    }

    @Test func builtInDemoRunsTenSimulatedMinutesAndLeavesNothingBehind() async throws {
        let started = ContinuousClock.now
        let result = try await StayfitProcess.run(["demo"])
        #expect(result.status == 0, "stderr: \(result.error)")
        #expect(result.output.contains("StayFit Hub demo"))
        #expect(result.output.contains("Workout started."))
        // 10:00, or 10:01 with a partial last second (see above).
        #expect(["Workout 1 finished: 10:00", "Workout 1 finished: 10:01"].contains { result.output.contains($0) })
        // About ten seconds at 60× (a debug build on a busy machine may need a little longer).
        #expect(ContinuousClock.now - started < .seconds(40))
    }

    @Test func demoRejectsABadRecordingWithItsLine() async throws {
        let scratch = try Scratch()
        let recording = try scratch.write("bad.csv", "seconds,heart_rate\n0,120\n1,abc\n")
        let result = try await StayfitProcess.run(["demo", "--file", recording])
        #expect(result.status == 78)
        #expect(result.error.contains("bad.csv:3: heart_rate \"abc\" is not a number"), "stderr: \(result.error)")
    }
}
