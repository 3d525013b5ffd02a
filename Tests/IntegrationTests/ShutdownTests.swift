import Foundation
import HubStore
import Testing

/// `stayfit run` stopped while a workout runs: the workout is finished and saved, and the console still shows it.
@Suite(.serialized, .timeLimit(.minutes(5))) struct ShutdownTests {
    static let configuration = """
        [plugins.simulator]
        workout = "manual"

        [plugins.console]
        mode = "lines"
        progress-every-seconds = 0
        """

    enum Stop: String, CaseIterable { case sigterm, quit }

    @Test(arguments: Stop.allCases)
    func theConsolePrintsTheFinishedWorkoutWhenTheHubIsStopped(by stop: Stop) async throws {
        let scratch = try Scratch()
        let data = scratch.path("data")
        let config = try scratch.write("stayfit.toml", Self.configuration)
        let hub = try StayfitProcess(["run", "--simulate", "--speed", "60", "--config", config, "--data-dir", data])
        try await hub.waitForOutput("StayFit Hub is ready")
        hub.send("start")
        try await hub.waitForOutput("Workout started.")

        switch stop {
        case .sigterm: kill(hub.processIdentifier, SIGTERM)
        case .quit: hub.send("quit")
        }

        #expect(try await hub.waitForExit() == 0, "stderr: \(hub.standardError)")
        #expect(hub.standardOutput.contains("Workout finished: "), "stdout:\n\(hub.standardOutput)")
        let workout = try await #require(try scratch.store().workouts().first)
        #expect(workout.status == .finished)
    }

    @Test func speedIsRefusedWithAPluginThatNeedsRealTimeNamingIt() async throws {
        let scratch = try Scratch()
        let config = try scratch.write("stayfit.toml", "[plugins.heart-rate]\n[plugins.console]\nmode = \"lines\"\n")
        let result = try await StayfitProcess.run(
            ["run", "--simulate", "--speed", "60", "--config", config, "--data-dir", scratch.path("data")])
        #expect(result.status == 64)
        #expect(
            result.error.contains("the heart-rate plugin cannot follow (it needs real time)"), "stderr: \(result.error)"
        )
        #expect(result.error.contains("[plugins.heart-rate]"))
        #expect(result.output.isEmpty, "nothing was started")
    }
}
