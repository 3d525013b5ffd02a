import BlueZTestKit
import Foundation
import HubStore
import Testing

/// One hub per data directory, and the commands that must not pull data from under a running hub.
@Suite(.serialized) struct OneHubPerDataDirectoryTests {
    /// A real-time simulated hub whose workouts the test starts and stops, in line mode.
    static let configuration = """
        [plugins.simulator]
        workout = "manual"

        [plugins.console]
        mode = "lines"
        progress-every-seconds = 0
        """

    /// A running hub on `data` with a workout under way.
    private func hubRecording(config: String, data: String) async throws -> StayfitProcess {
        let hub = try StayfitProcess(["run", "--simulate", "--config", config, "--data-dir", data])
        try await hub.waitForOutput("StayFit Hub is ready")
        hub.send("start")
        try await hub.waitForOutput("Workout started.")
        return hub
    }

    @Test func aSecondHubOnTheSameDirectoryExitsNamingTheDirectoryAndTheFirstHubsPID() async throws {
        let scratch = try Scratch()
        let config = try scratch.write("stayfit.toml", Self.configuration)
        let data = scratch.path("data")
        let first = try await hubRecording(config: config, data: data)

        let second = try await StayfitProcess.run(["run", "--simulate", "--config", config, "--data-dir", data])
        #expect(second.status == 1)
        #expect(
            second.error.contains(
                "error: a hub (PID \(first.processIdentifier)) is already running on the data directory \(data)."),
            "stderr: \(second.error)")
        #expect(second.error.contains("systemctl stop stayfit"))
        #expect(
            !second.output.contains("Closed the interrupted workout"),
            "the second hub did not touch the first one's workout")

        let demo = try await StayfitProcess.run(["demo", "--minutes", "1", "--data-dir", data])
        #expect(demo.status == 1)
        #expect(demo.error.contains("(PID \(first.processIdentifier))"), "stderr: \(demo.error)")

        #expect(first.isRunning)
        let workout = try await #require(try scratch.store().unfinishedWorkout())
        #expect(workout.status == .running, "the first hub's workout is still live")
        first.send("quit")
        #expect(try await first.waitForExit() == 0)
    }

    @Test func aHubKilledWithSignalNineLeavesNoStaleLock() async throws {
        let scratch = try Scratch()
        let config = try scratch.write("stayfit.toml", Self.configuration)
        let arguments = ["run", "--simulate", "--config", config, "--data-dir", scratch.path("data")]
        let first = try StayfitProcess(arguments)
        try await first.waitForOutput("StayFit Hub is ready")
        kill(first.processIdentifier, SIGKILL)
        try await first.waitForExit()
        #expect(
            FileManager.default.fileExists(atPath: scratch.path("data/hub.lock")), "the file stays; its flock does not")

        let second = try StayfitProcess(arguments)
        try await second.waitForOutput("StayFit Hub is ready")
        second.send("quit")
        #expect(try await second.waitForExit() == 0, "stderr: \(second.standardError)")
    }

    @Test func resetIsRefusedWhileAHubRuns() async throws {
        let scratch = try Scratch()
        let config = try scratch.write("stayfit.toml", Self.configuration)
        let data = scratch.path("data")
        let hub = try await hubRecording(config: config, data: data)

        let refused = try await StayfitProcess.run(["reset", "--yes", "--data-dir", data])
        #expect(refused.status == 1)
        #expect(
            refused.error.contains(
                "error: not resetting: a hub (PID \(hub.processIdentifier)) is using the data directory \(data)"),
            "stderr: \(refused.error)")
        #expect(refused.error.contains("Stop the hub first: systemctl stop stayfit"))
        await #expect(try scratch.store().rowCounts()["workouts"] == 1, "nothing deleted")

        hub.send("quit")
        #expect(try await hub.waitForExit() == 0)
        let reset = try await StayfitProcess.run(["reset", "--yes", "--data-dir", data])
        #expect(reset.status == 0, "stderr: \(reset.error)")
        await #expect(try scratch.store().rowCounts()["workouts"] == 0)
    }

    @Test func theWorkoutUnderWayCannotBeDeletedButAFinishedOneCan() async throws {
        let scratch = try Scratch()
        let config = try scratch.write("stayfit.toml", Self.configuration)
        let data = scratch.path("data")
        let hub = try await hubRecording(config: config, data: data)
        hub.send("stop")
        try await hub.waitForOutput("Workout finished")
        hub.send("start")
        try await hub.waitForOutput("Workout started.", occurrences: 2)
        let store = try scratch.store()
        let live = try await #require(try store.unfinishedWorkout())
        let finished = try await #require(try store.workouts().first { $0.status == .finished })

        let refused = try await StayfitProcess.run(["workouts", "delete", "\(live.id)", "--data-dir", data])
        #expect(refused.status == 1)
        #expect(
            refused.error.contains(
                "error: not deleting workout \(live.id): a hub (PID \(hub.processIdentifier)) is recording it."),
            "stderr: \(refused.error)")
        await #expect(try store.workout(live.id) != nil)

        let deleted = try await StayfitProcess.run(["workouts", "delete", "\(finished.id)", "--data-dir", data])
        #expect(deleted.status == 0, "stderr: \(deleted.error)")
        await #expect(try store.workout(finished.id) == nil)

        hub.send("quit")
        #expect(try await hub.waitForExit() == 0)
        await #expect(try store.workout(live.id)?.status == .finished, "quitting saved the workout that was under way")
        let afterwards = try await StayfitProcess.run(["workouts", "delete", "\(live.id)", "--data-dir", data])
        #expect(afterwards.status == 0, "stderr: \(afterwards.error)")
    }
}

extension StayfitProcess {
    /// Waits until standard output contains `text` `occurrences` times; fails the test after `timeout`.
    func waitForOutput(
        _ text: String, occurrences: Int, timeout: Duration = TestDeadline.hang,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let deadline = ContinuousClock.now + timeout
        while standardOutput.components(separatedBy: text).count - 1 < occurrences {
            guard ContinuousClock.now < deadline, isRunning else {
                Issue.record(
                    "\"\(text)\" not \(occurrences) times in the output; stdout:\n\(standardOutput)",
                    sourceLocation: sourceLocation)
                throw StayfitProcessError.timedOut
            }
            try await Task.sleep(for: .milliseconds(20))
        }
    }
}
