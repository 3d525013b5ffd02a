import Foundation
import Testing

/// The voice coach in the real `stayfit` binary with the real eSpeak NG.
@Suite(.timeLimit(.minutes(5))) struct VoiceCoachHubTests {
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

    /// eSpeak NG (and the PulseAudio, ALSA, X11 and codec libraries it brings) is loaded only with the coach on.
    @Test(arguments: [false, true])
    func theSpeechLibraryIsMappedOnlyWithTheCoachOn(coach: Bool) async throws {
        let scratch = try Scratch()
        let config = try scratch.write(
            "hub.toml", "[plugins.console]\nmode = \"lines\"\n" + (coach ? "[plugins.voice-coach]\n" : ""))
        let hub = try StayfitProcess(["run", "--config", config, "--data-dir", scratch.path("data")])
        try await hub.waitForOutput("StayFit Hub is ready.")
        // Read to the end: a /proc file reports a size of 0, which a whole-file read may take at its word.
        let file = try #require(FileHandle(forReadingAtPath: "/proc/\(hub.processIdentifier)/maps"))
        let maps = String(decoding: try file.readToEnd() ?? Data(), as: UTF8.self)
        try file.close()
        #expect(maps.contains("libswiftCore"), "the maps were not read: \(maps.prefix(200))")
        hub.send("quit")
        #expect(try await hub.waitForExit() == 0)
        #expect(maps.contains("libespeak-ng") == coach)
        #expect(maps.contains("libpulse") == coach)
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
        // "2 minutes," on a quiet machine; at 60× a stop that reaches the engine 17 ms late (a loaded machine) finds
        // a second more recorded, and the summary says "2 minutes 1 second": the coach's words are what is tested.
        #expect(spoken.contains { $0.contains("Workout finished. 2 minutes") }, "\(spoken)")
    }
}
