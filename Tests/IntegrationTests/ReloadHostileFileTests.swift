import Foundation
import HubStore
import Testing

/// `systemctl reload stayfit` (SIGHUP) onto a file that must not be read: tables nested 20 KB deep (which overflowed
/// the parser's stack and killed the hub), or a FIFO put where the file was (which blocked the reload, and with it
/// `quit` and SIGTERM, until SIGKILL). The reload is refused and logged, the workout goes on, and the hub ends
/// normally with the workout stored as finished.
@Suite(.serialized, .timeLimit(.minutes(5))) struct ReloadHostileFileTests {
    enum Replacement: String, CaseIterable, Sendable {
        case nestedTooDeep, fifo
        /// Dotted keys 20 KB deep after a multi-line string that ends in an extra quote (`"""a""""`), which the
        /// guard once read as a string opening to the end of the line.
        case nestedBehindAString
    }
    enum Ending: String, CaseIterable, Sendable { case quit, sigterm }

    @Test(arguments: Replacement.allCases, Ending.allCases)
    func aReloadOfAFileThatMustNotBeReadLeavesTheWorkoutAndTheShutdownAlone(
        _ replacement: Replacement, _ ending: Ending
    ) async throws {
        let scratch = try Scratch()
        let config = try scratch.write("stayfit.toml", ReloadTests.configuration(progress: 0))
        let hub = try StayfitProcess(["run", "--simulate", "--config", config, "--data-dir", scratch.path("data")])
        try await hub.waitForOutput("StayFit Hub is ready")
        hub.send("start")
        try await hub.waitForOutput("Workout started.")

        let expected: String
        switch replacement {
        case .nestedTooDeep:
            let valid = ReloadTests.configuration(progress: 1) + "\n"
            let line = valid.components(separatedBy: "\n").count
            _ = try scratch.write(
                "stayfit.toml", valid + "[" + Array(repeating: "a", count: 10_000).joined(separator: ".") + "]\n")
            expected = "\(config):\(line): tables, keys and lists nested more than 32 levels deep"
        case .nestedBehindAString:
            let valid = ReloadTests.configuration(progress: 1) + "\n"
            let line = valid.components(separatedBy: "\n").count
            let keys = Array(repeating: "a", count: 10_000).joined(separator: ".")
            _ = try scratch.write("stayfit.toml", valid + "x = [\"\"\"a\"\"\"\", {" + keys + " = 1}]\n")
            expected = "\(config):\(line): tables, keys and lists nested more than 32 levels deep"
        case .fifo:
            try FileManager.default.removeItem(atPath: config)
            try #require(mkfifo(config, 0o600) == 0)
            expected = "\(config): the configuration file is a FIFO (named pipe), not a regular file"
        }
        kill(hub.processIdentifier, SIGHUP)
        try await hub.waitForLog("configuration not reloaded")
        #expect(hub.standardError.contains(expected), "stderr: \(hub.standardError)")

        // The hub goes on as it was, with the workout under way.
        hub.send("pause")
        try await hub.waitForOutput("Workout paused.")
        hub.send("resume")
        try await hub.waitForOutput("Workout resumed.")
        switch ending {
        case .quit: hub.send("quit")
        case .sigterm: kill(hub.processIdentifier, SIGTERM)
        }
        #expect(try await hub.waitForExit() == 0, "stderr: \(hub.standardError)")
        #expect(!hub.standardError.contains("plugin restarted"), "stderr: \(hub.standardError)")

        let workouts = try await scratch.store().workouts()
        #expect(workouts.map(\.status) == [.finished], "stderr: \(hub.standardError)")
    }
}
