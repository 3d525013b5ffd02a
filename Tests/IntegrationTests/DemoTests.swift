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
        // The simulator's start and stop carry the moments they belong to, so however late a busy machine wakes
        // it (at 60× a hub second is 17 ms), a 600-second recording is a workout of exactly 10:00.
        #expect(result.output.contains("Workout 1 finished: 10:00,"), "output: \(result.output)")

        let store = try scratch.store()
        let workout = try #require(try await store.workouts().first)
        #expect(workout.status == .finished)
        #expect(workout.isSimulated, "simulated sensors and a sped-up clock: history and statistics can leave it out")
        // 600 readings one second apart: 600 s of moving time, 599 steps of known length between them.
        #expect(workout.totals.movingSeconds == 600)
        #expect(abs(workout.totals.distanceMeters - 599 * StraightRun.stepMeters) < StraightRun.stepMeters + 0.5)
        let samples = try await store.samples(of: workout.id)
        #expect(samples.count == 600)
        #expect(samples.map(\.second) == Array(1...samples.count))
        // At 60× a hub second is 17 ms: on a busy machine the last reading can miss the last second, as the
        // tolerances above allow for the moving time.
        #expect(samples.compactMap(\.heartRate).count >= 598)
        #expect(try #require(workout.totals.averageSpeedMetersPerSecond) > 3.2)
        // A reading of the last second that a loaded machine delivers after that second has closed (8 ms late
        // at 60×) falls out; any other lands in the next second and still counts.
        #expect(abs((workout.totals.steps ?? 0) - 599 * 3) <= 3)
    }

    @Test func builtInDemoRunsTenSimulatedMinutesAndLeavesNothingBehind() async throws {
        let result = try await StayfitProcess.run(["demo"])
        #expect(result.status == 0, "stderr: \(result.error)")
        // The simulator has heart rates, not beats: no HRV figure made out of 60,000 / bpm.
        #expect(!result.output.contains("HRV"), "output: \(result.output)")
        #expect(result.output.contains("StayFit Hub demo"))
        #expect(result.output.contains("Workout started."))
        #expect(result.output.contains("Workout 1 finished: 10:00,"), "output: \(result.output)")
    }

    @Test func demoRejectsABadRecordingWithItsLine() async throws {
        let scratch = try Scratch()
        let recording = try scratch.write("bad.csv", "seconds,heart_rate\n0,120\n1,abc\n")
        let result = try await StayfitProcess.run(["demo", "--file", recording])
        #expect(result.status == 78)
        #expect(result.error.contains("bad.csv:3: heart_rate \"abc\" is not a number"), "stderr: \(result.error)")
    }
}
