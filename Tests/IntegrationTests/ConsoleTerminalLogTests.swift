import BlueZTestKit
import Foundation
import Testing

/// While the console shows its lines on a terminal, the hub's log lines go to a file, never between them.
@Suite(.serialized) struct ConsoleTerminalLogTests {
    @Test func onTheConsolesTerminalLogLinesGoToAFileInTheDataDirectory() async throws {
        let scratch = try Scratch()
        let data = scratch.path("data")
        let config = try scratch.write("stayfit.toml", "[hub]\nlog-level = \"info\"\n[plugins.console]\n")
        let terminal = try PseudoTerminal()
        let process = try ChildProcess.spawn(
            StayfitProcess.binary.path, ["run", "--config", config, "--data-dir", data],
            environment: ["JOURNAL_STREAM": "", "INVOCATION_ID": ""],
            stdin: terminal.replica, stdout: terminal.replica, stderr: terminal.replica)
        terminal.closeReplica()
        defer { process.stop() }
        var text = try await terminal.read(until: { $0.contains("StayFit Hub is ready.") }, timeout: TestDeadline.hang)
        let log = data + "/stayfit.log"
        try #require(text.contains("The log goes to \(log) while the console uses this terminal"), "\(text)")
        // Logged while the console is up: a reload, then the quitting.
        process.send(SIGHUP)
        try await eventually("the reload in the log file") {
            ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").contains("configuration reloaded")
        }
        terminal.type("q")
        text += try await terminal.read(until: { _ in false }, timeout: TestDeadline.hang)
        #expect(try await process.termination(within: TestDeadline.hang) == .exited(0), "terminal: \(text)")

        let logged = try String(contentsOfFile: log, encoding: .utf8)
        for entry in ["] starting", "] ready", "] configuration reloaded", "] shutting down"] {
            #expect(logged.contains(entry), "log file: \(logged)")
        }
        // Not one log line on the terminal, so none can cut a console line in two.
        for line in logged.split(separator: "\n") {
            let withoutTime = line.drop { $0 != " " }
            #expect(!text.contains(withoutTime), "on the terminal: \(line)")
        }
        #expect(!text.contains(" info stayfit"), "\(text)")
        #expect(try mode(of: log) == 0o600)
    }

    private func mode(of path: String) throws -> Int {
        try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }
}
