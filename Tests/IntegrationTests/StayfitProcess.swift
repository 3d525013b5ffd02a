import BlueZTestKit
import Foundation
import HubTestKit
import Testing

/// The built `stayfit` binary, run as a person would run it, with its output collected as it comes.
final class StayfitProcess: Sendable {
    /// `stayfit` sits next to the test bundle in the build directory.
    static let binary: URL = {
        let here = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        for candidate in [here, here.deletingLastPathComponent()] {
            let url = candidate.appendingPathComponent("stayfit")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return here.appendingPathComponent("stayfit")
    }()

    private let process: ChildProcess
    private let input: ChildInput
    private let output: CollectedOutput
    private let errors: CollectedOutput

    /// Starts `stayfit` with `arguments`; standard input is a pipe (so the console uses line mode).
    ///
    /// - Parameter standardOutput: a descriptor the child writes its standard output to instead of
    ///   `standardOutput` (which then stays empty), e.g. a pipe the test closes to see the hub's screen go away.
    init(_ arguments: [String], environment: [String: String] = [:], standardOutput: Int32? = nil) throws {
        input = try ChildInput()
        output = try CollectedOutput(name: "stayfit-stdout")
        errors = try CollectedOutput(name: "stayfit-stderr")
        process = try ChildProcess.spawn(
            Self.binary.path, arguments, environment: environment, stdin: input.readEnd,
            stdout: standardOutput ?? output.writeEnd, stderr: errors.writeEnd)
        // The child has its own copies now; with ours closed, its exit is its output's end.
        input.closeReadEnd()
        output.closeWriteEnd()
        errors.closeWriteEnd()
    }

    var standardOutput: String { output.text }
    var standardError: String { errors.text }
    var processIdentifier: Int32 { process.pid }
    var isRunning: Bool { process.isRunning }

    /// Types a line on the console.
    func send(_ line: String) {
        input.write(line + "\n")
    }

    /// Sends `signal` to the hub (unless it has exited already).
    func signal(_ signal: Int32) {
        process.send(signal)
    }

    /// Closes the console's input, as a person ending the session with Ctrl-D would.
    func closeInput() {
        input.close()
    }

    /// Waits until standard output contains `text`; fails the test after `timeout`.
    func waitForOutput(
        _ text: String, timeout: Duration = TestDeadline.hang, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let deadline = ContinuousClock.now + timeout
        while !standardOutput.contains(text) {
            guard ContinuousClock.now < deadline, isRunning || standardOutput.contains(text) else {
                Issue.record(
                    "no \"\(text)\" in the output within \(timeout); stdout:\n\(standardOutput)\nstderr:\n\(standardError)",
                    sourceLocation: sourceLocation)
                throw StayfitProcessError.timedOut
            }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// Waits until the log (standard error) has `text` `count` times; fails the test after `timeout`, or at once
    /// when the process has exited without it.
    func waitForLog(
        _ text: String, count: Int = 1, timeout: Duration = TestDeadline.hang,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let deadline = ContinuousClock.now + timeout
        while standardError.components(separatedBy: text).count - 1 < count {
            guard ContinuousClock.now < deadline, isRunning else {
                Issue.record(
                    "no \"\(text)\" (\(count) times) in the log within \(timeout); stderr:\n\(standardError)",
                    sourceLocation: sourceLocation)
                throw StayfitProcessError.timedOut
            }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// Waits for the process to exit and returns its status; kills it after `timeout`, saying what it wrote.
    @discardableResult
    func waitForExit(
        timeout: Duration = TestDeadline.hang, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> Int32 {
        guard let ended = try await process.termination(within: timeout) else {
            process.send(SIGKILL)
            Issue.record(
                "stayfit did not exit within \(timeout); stdout:\n\(standardOutput)\nstderr:\n\(standardError)",
                sourceLocation: sourceLocation)
            throw StayfitProcessError.timedOut
        }
        // Everything the process wrote last is read once its output ends (bounded: a child it started could hold
        // it open).
        try await output.waitForEnd(timeout: TestDeadline.hang)
        try await errors.waitForEnd(timeout: TestDeadline.hang)
        return ended.status
    }

    /// Runs `stayfit arguments` to completion and returns (status, stdout, stderr).
    static func run(
        _ arguments: [String], input: String? = nil, environment: [String: String] = [:],
        timeout: Duration = .seconds(120)
    ) async throws -> (status: Int32, output: String, error: String) {
        let process = try StayfitProcess(arguments, environment: environment)
        if let input { process.send(input) }
        process.closeInput()
        let status = try await process.waitForExit(timeout: timeout)
        return (status, process.standardOutput, process.standardError)
    }

    deinit {
        process.send(SIGKILL)
        process.wait(timeout: .seconds(5))
    }
}

enum StayfitProcessError: Error { case timedOut }
