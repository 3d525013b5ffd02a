import Foundation
import Testing

/// The voice coach in the real `stayfit` binary with the real eSpeak NG.
@Suite(.timeLimit(.minutes(3))) struct VoiceCoachHubTests {
    @Test func anUnknownVoiceStopsConfigCheckAndRunWithTheInstalledVoices() async throws {
        let scratch = try Scratch()
        let config = try scratch.write("voice.toml", "[plugins.voice-coach]\nvoice = \"no-such-voice\"\n")
        for arguments in [
            ["config", "check", config], ["run", "--config", config, "--data-dir", scratch.path("data")],
        ] {
            let result = try await StayfitProcess.run(arguments)
            #expect(result.status == 78, "\(arguments): \(result.error)")
            #expect(result.error.contains("voice.toml:2: plugins.voice-coach.voice:"), "stderr: \(result.error)")
            #expect(result.error.contains("\"no-such-voice\""))
            #expect(result.error.contains("en-us"))
        }
        let good = try scratch.write("good.toml", "[plugins.voice-coach]\nvoice = \"en-gb\"\n")
        let checked = try await StayfitProcess.run(["config", "check", good])
        #expect(checked.status == 0, "stderr: \(checked.error)")
    }

    /// A simulated two-minute workout at 60 times real time: the coach synthesises the start, an update each
    /// minute and the summary.
    @Test func coachesASimulatedWorkout() async throws {
        let scratch = try Scratch()
        let config = try scratch.write(
            "coach.toml",
            """
            [plugins.simulator]
            minutes = 2
            when-done = "quit"
            workout = "auto"
            [plugins.console]
            mode = "lines"
            progress-every-seconds = 0
            [plugins.voice-coach]
            every-minutes = 1
            every-distance = 0
            figures = "time, distance"
            skip-routine-after-seconds = 600

            """)
        let result = try await StayfitProcess.run(
            ["run", "--simulate", "--speed", "60", "--config", config, "--data-dir", scratch.path("data")])
        #expect(result.status == 0, "stderr: \(result.error)")
        let spoken = result.error.split(separator: "\n").filter { $0.contains("speech ready") }
        #expect(spoken.contains { $0.contains("Workout started.") }, "\(spoken)")
        #expect(spoken.contains { $0.contains("1 minute,") && $0.contains("metres") }, "\(spoken)")
        #expect(spoken.contains { $0.contains("Workout finished. 2 minutes,") }, "\(spoken)")
    }
}
