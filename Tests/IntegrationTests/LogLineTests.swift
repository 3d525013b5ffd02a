import BlueZTestKit
import Foundation
import Testing

/// Log lines on a terminal must not land in the middle of the console's status line.
@Suite(.serialized) struct LogLineTests {
    /// A hub with nothing but the console, logging at info level.
    static let configuration = """
        [hub]
        log-level = "info"

        [plugins.console]
        mode = "lines"
        """

    @Test func onATerminalEachLogLineFirstClearsTheLine() async throws {
        let scratch = try Scratch()
        let config = try scratch.write("stayfit.toml", Self.configuration)
        let terminal = try PseudoTerminal()
        let process = try ChildProcess.spawn(
            StayfitProcess.binary.path, ["run", "--config", config, "--data-dir", scratch.path("data")],
            stderr: terminal.replica)
        terminal.closeReplica()  // the child has its own copy; the end of its output is then seen as EIO
        defer { process.stop() }
        var text = try await terminal.read(until: { $0.contains("] ready") }, timeout: TestDeadline.hang)
        process.send(SIGTERM)
        text += try await terminal.read(until: { _ in false }, timeout: TestDeadline.hang)
        #expect(try await process.termination(within: TestDeadline.hang) == .exited(0), "stderr: \(text)")

        let lines = text.components(separatedBy: "\r\n").filter { !$0.isEmpty }
        #expect(lines.count >= 2, "stderr: \(text)")  // at least "starting" and "ready"
        for line in lines {
            #expect(line.hasPrefix("\r\u{1B}[K"), "\(line.debugDescription)")
        }
    }

    @Test func inAPipeLogLinesArePlain() async throws {
        let scratch = try Scratch()
        let config = try scratch.write("stayfit.toml", Self.configuration)
        let hub = try StayfitProcess(["run", "--config", config, "--data-dir", scratch.path("data")])
        try await hub.waitForOutput("StayFit Hub is ready")
        hub.send("quit")
        #expect(try await hub.waitForExit() == 0)
        #expect(hub.standardError.contains("info stayfit"), "stderr: \(hub.standardError)")
        #expect(!hub.standardError.contains("\u{1B}") && !hub.standardError.contains("\r"))
    }
}
