import Foundation
import HubStore
import Testing

/// The share plugin in `stayfit run`: after a workout, the console shows the short text and the folder holds both,
/// the same texts `stayfit share workout ID` gives from the stored workout.
@Suite(.serialized, .timeLimit(.minutes(5))) struct ShareHubTests {
    @Test func theConsoleShowsTheSameShortTextAsStayfitShareAndTheFolderHoldsBoth() async throws {
        let scratch = try Scratch()
        let data = scratch.path("data")
        let config = try scratch.write(
            "stayfit.toml",
            """
            [plugins.simulator]
            minutes = 2
            when-done = "idle"
            workout = "auto"
            [plugins.console]
            mode = "lines"
            progress-every-seconds = 0
            [plugins.share]
            hashtag = "#StayFit"
            folder = "shared"

            """)
        let hub = try StayfitProcess(["run", "--simulate", "--speed", "60", "--config", config, "--data-dir", data])
        try await hub.waitForOutput("Share texts saved in ")
        hub.send("quit")
        #expect(try await hub.waitForExit() == 0, "stderr: \(hub.standardError)")

        let lines = hub.standardOutput.split(separator: "\n").map(String.init)
        let finished = try #require(lines.firstIndex { $0.contains(" Workout finished: ") }, "\(lines)")
        let shareLine = try #require(lines.firstIndex { $0.contains(" Share: ") }, "\(lines)")
        #expect(finished < shareLine, "the text follows the end of the workout: \(lines)")
        let shown = try #require(lines[shareLine].components(separatedBy: " Share: ").last)
        #expect(shown.hasSuffix(" #StayFit"), "\(shown)")

        let workout = try #require(try await scratch.store().workouts().first)
        let share = try await StayfitProcess.run(
            ["share", "workout", "\(workout.id)", "--json", "--config", config, "--data-dir", data])
        #expect(share.status == 0, "stderr: \(share.error)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(share.output.utf8)) as? [String: String])
        #expect(json["short"] == shown)

        let saved = try #require(lines.first { $0.contains(" Share texts saved in ") }, "\(lines)")
        let path = String(try #require(saved.components(separatedBy: " Share texts saved in ").last).dropLast())
        #expect(path.hasPrefix(scratch.path("shared") + "/") && path.hasSuffix("-workout.txt"), "\(path)")
        #expect(
            try String(contentsOfFile: path, encoding: .utf8)
                == (json["short"] ?? "") + "\n\n" + (json["long"] ?? "") + "\n")
    }

    @Test func aShareKeyLeftInReportsStopsTheHubSayingWhereItGoes() async throws {
        let scratch = try Scratch()
        let config = try scratch.write("old.toml", "[reports]\nunits = \"metric\"\nhashtag = \"#StayFit\"\n")
        let check = try await StayfitProcess.run(["config", "check", config])
        #expect(check.status == 78, "stderr: \(check.error)")
        #expect(
            check.error.contains(
                "old.toml:3: reports.hashtag: the share text's settings have moved from [reports] to [plugins.share]."),
            "\(check.error)")
    }
}
