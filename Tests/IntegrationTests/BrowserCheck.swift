import BlueZTestKit
import Foundation
import Testing

/// A checker script of `WebApp/` run with the tests' venv Python (Selenium driving Debian's headless Chromium):
/// what it printed, what it wrote on standard error, and its exit status (nil when it did not end in time).
struct BrowserCheck {
    var status: Int32?
    var said: String
    var errors: String

    /// Whether the venv, Chromium and its driver are there; an issue naming what to install when not.
    static func browserIsInstalled() -> Bool {
        guard FileManager.default.isExecutableFile(atPath: WebAppTests.python) else {
            Issue.record("no Python venv at \(WebAppTests.python): run scripts/test-venv")
            return false
        }
        for tool in ["/usr/bin/chromium", "/usr/bin/chromedriver"]
        where !FileManager.default.isExecutableFile(atPath: tool) {
            Issue.record("no \(tool): run scripts/install-deps (Debian's chromium and chromium-driver)")
            return false
        }
        return true
    }

    /// Runs `script` with `arguments` until it ends, for at most `timeout`.
    static func run(
        _ script: String, arguments: [String], in scratch: borrowing Scratch, timeout: Duration = .seconds(600)
    ) async throws -> BrowserCheck {
        let outputPath = scratch.path("checker.txt")
        let errorsPath = scratch.path("checker-errors.txt")
        let output = open(outputPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        try #require(output >= 0)
        let checker: ChildProcess
        do {
            defer { close(output) }
            checker = try ChildProcess.spawn(
                WebAppTests.python, [script] + arguments, stdout: output, stderrPath: errorsPath)
        }
        let status = try await checker.exitCode(within: timeout)
        if status == nil { checker.stop() }
        return BrowserCheck(
            status: status, said: (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "",
            errors: (try? String(contentsOfFile: errorsPath, encoding: .utf8)) ?? "")
    }
}
