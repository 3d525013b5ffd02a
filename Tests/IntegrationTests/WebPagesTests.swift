import BlueZTestKit
import Foundation
import GPSTestKit
import HubTestKit
import Testing

/// The web app's pages beyond Live in a real browser (headless Chromium through Selenium), against the real
/// `stayfit` binary: the demo's workout in the history, its page and its GPX (read back by gpxpy), a program voted
/// on, copied and edited, a food added. `WebApp/web_pages_check.py` in the tests' venv.
@Suite struct WebPagesTests {
    static let script = WebAppTests.here.appendingPathComponent("WebApp/web_pages_check.py").path

    @Test func aPersonReadsTheHistoryDownloadsAGPXEditsAProgramAndLogsAFood() async throws {
        guard FileManager.default.isExecutableFile(atPath: WebAppTests.python) else {
            Issue.record("no Python venv at \(WebAppTests.python): run scripts/test-venv")
            return
        }
        for tool in ["/usr/bin/chromium", "/usr/bin/chromedriver"]
        where !FileManager.default.isExecutableFile(atPath: tool) {
            Issue.record("no \(tool): run scripts/install-deps (Debian's chromium and chromium-driver)")
            return
        }
        let scratch = try Scratch()
        let data = scratch.path("data")
        let password = "correct horse battery staple"
        let setPassword = try await StayfitProcess.run(["web", "password", "--data-dir", data], input: password)
        #expect(setPassword.status == 0, "\(setPassword.error)")
        // A finished workout with a track: the demo's run, three minutes at 60×.
        let demo = try await StayfitProcess.run(["demo", "--data-dir", data, "--minutes", "3", "--speed", "60"])
        #expect(demo.status == 0, "\(demo.error)")
        let port = try GPSFake.freePort()
        let config = try scratch.write(
            "stayfit.toml",
            """
            [plugins.simulator]
            workout = "manual"
            [plugins.web]
            listen = "127.0.0.1:\(port)"

            """)
        let hub = try StayfitProcess(["run", "--simulate", "--config", config, "--data-dir", data])
        try await hub.waitForLog("Server started and listening on 127.0.0.1:\(port)")

        let checkerOutput = scratch.path("checker.txt")
        let output = open(checkerOutput, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        try #require(output >= 0)
        let checker: ChildProcess
        do {
            defer { close(output) }
            checker = try ChildProcess.spawn(
                WebAppTests.python, [Self.script, "http://127.0.0.1:\(port)", password, WebAppTests.artifacts],
                stdout: output, stderrPath: scratch.path("checker-errors.txt"))
        }
        let status = try await checker.exitCode(within: .seconds(300))
        if status == nil { checker.stop() }
        let said = (try? String(contentsOfFile: checkerOutput, encoding: .utf8)) ?? ""
        let errors = (try? String(contentsOfFile: scratch.path("checker-errors.txt"), encoding: .utf8)) ?? ""
        #expect(status == 0, "\(said)\n\(errors)")
        #expect(said.contains("all page checks passed"), "\(said)\n\(errors)")
        // The program edited in the browser is in the store, as the CLI lists it.
        let listed = try await StayfitProcess.run(["programs", "list", "--data-dir", data])
        #expect(listed.output.contains("Edited in a browser"), "\(listed.output)\n\(listed.error)")
        let eaten = try await StayfitProcess.run(["food", "list", "--data-dir", data])
        #expect(eaten.output.lowercased().contains("banana"), "\(eaten.output)\n\(eaten.error)")
        hub.signal(SIGTERM)
        #expect(try await hub.waitForExit() == 0)
    }
}
