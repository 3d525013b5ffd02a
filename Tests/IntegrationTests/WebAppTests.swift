import BlueZTestKit
import Foundation
import GPSTestKit
import HubTestKit
import Testing

/// The web app of the real `stayfit` binary, driven by a real browser (headless Chromium through Selenium) and by
/// an attacker's plain requests: `WebApp/web_app_check.py` in the tests' venv.
@Suite struct WebAppTests {
    static let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let python = here.appendingPathComponent("../../.build/test-venv/bin/python").standardized.path
    static let script = here.appendingPathComponent("WebApp/web_app_check.py").path
    /// Where the screenshots are kept for a person to look at: `live-390x844.png`, `live-1920x1080.png`.
    static let artifacts = here.appendingPathComponent("../../.build/test-artifacts/web").standardized.path

    @Test func aPasswordTooShortOrEmptyIsRefusedAndNothingIsStored() async throws {
        let scratch = try Scratch()
        let data = scratch.path("data")
        for input in ["", "seven77"] {
            let result = try await StayfitProcess.run(["web", "password", "--data-dir", data], input: input)
            #expect(result.status == 65)
            #expect(result.error.contains("at least 8 characters"))
        }
        #expect(try await scratch.store().webPasswordHash() == nil)
        let set = try await StayfitProcess.run(["web", "password", "--data-dir", data], input: "long enough")
        #expect(set.status == 0)
        let hash = try #require(try await scratch.store().webPasswordHash())
        #expect(hash.hasPrefix("$y$") && !hash.contains("long enough"))
        // What scripts/install runs on a reinstall: the password set before stays.
        let kept = try await StayfitProcess.run(
            ["web", "password", "--keep-existing", "--data-dir", data], input: "another password")
        #expect(kept.status == 0 && kept.output.contains("kept"), "\(kept.error)")
        #expect(try await scratch.store().webPasswordHash() == hash)
    }

    @Test func aHubWithoutAPasswordServesOnlyHowToSetOne() async throws {
        guard FileManager.default.isExecutableFile(atPath: Self.python) else {
            Issue.record("no Python venv at \(Self.python): run scripts/test-venv")
            return
        }
        let scratch = try Scratch()
        let port = try GPSFake.freePort()
        let config = try scratch.write("stayfit.toml", "[plugins.web]\nlisten = \"127.0.0.1:\(port)\"\n")
        let hub = try StayfitProcess(["run", "--config", config, "--data-dir", scratch.path("data")])
        try await hub.waitForLog("Server started and listening on 127.0.0.1:\(port)")
        // Each answer: its status, and whether it says how to set the password.
        let script = """
            import http.client, sys
            for method, path in [("GET", "/"), ("GET", "/login"), ("GET", "/live/events"), ("POST", "/login"),
                                 ("POST", "/control/lap"), ("GET", "/static/live.js")]:
                connection = http.client.HTTPConnection("127.0.0.1", int(sys.argv[1]), timeout=30)
                connection.request(method, path, body=b"password=x" if method == "POST" else None)
                answer = connection.getresponse()
                print(method, path, answer.status, b"stayfit web password" in answer.read())
            """
        let said = try await Self.runPython(script, arguments: ["\(port)"], in: scratch)
        #expect(
            said == """
                GET / 503 True
                GET /login 503 True
                GET /live/events 503 True
                POST /login 403 False
                POST /control/lap 403 False
                GET /static/live.js 200 False

                """)
        hub.signal(SIGTERM)
        #expect(try await hub.waitForExit() == 0)
    }

    /// Runs `script` with the venv's Python; what it printed.
    static func runPython(_ script: String, arguments: [String], in scratch: borrowing Scratch) async throws -> String {
        let scriptPath = try scratch.write("script.py", script)
        let outputPath = scratch.path("script.txt")
        let output = open(outputPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        try #require(output >= 0)
        let child: ChildProcess
        do {
            defer { close(output) }
            child = try ChildProcess.spawn(
                python, [scriptPath] + arguments, stdout: output, stderrPath: scratch.path("script-errors.txt"))
        }
        let status = try await child.exitCode(within: TestDeadline.hang)
        if status == nil { child.stop() }
        let errors = (try? String(contentsOfFile: scratch.path("script-errors.txt"), encoding: .utf8)) ?? ""
        #expect(status == 0, "\(errors)")
        return (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
    }

    @Test func aBrowserLogsInWatchesAndPausesAndEveryOtherWayInIsRefused() async throws {
        guard BrowserCheck.browserIsInstalled() else { return }
        let scratch = try Scratch()
        let data = scratch.path("data")
        let password = "correct horse battery staple"
        let setPassword = try await StayfitProcess.run(["web", "password", "--data-dir", data], input: password)
        #expect(setPassword.status == 0, "\(setPassword.error)")
        // A birth date: the heart-rate tile then has its zone's colour.
        #expect(try await StayfitProcess.setSampleProfile(data: data).status == 0)
        let port = try GPSFake.freePort()
        let config = try scratch.write(
            "stayfit.toml",
            """
            [plugins.simulator]
            minutes = 60
            when-done = "idle"
            workout = "auto"
            [plugins.console]
            mode = "lines"
            progress-every-seconds = 0
            [plugins.web]
            listen = "127.0.0.1:\(port)"

            """)
        // The hub's console to a file the checker reads: it sees the hub itself pause, not only the page.
        let hubOutput = scratch.path("hub-output.txt")
        let outputFile = open(hubOutput, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        try #require(outputFile >= 0)
        let hub: StayfitProcess
        do {
            defer { close(outputFile) }
            hub = try StayfitProcess(
                ["run", "--simulate", "--speed", "10", "--config", config, "--data-dir", data],
                standardOutput: outputFile)
        }
        try await hub.waitForLog("Server started and listening on 127.0.0.1:\(port)")

        let check = try await BrowserCheck.run(
            Self.script,
            arguments: [
                "http://127.0.0.1:\(port)", password, StayfitProcess.binary.path, data, hubOutput, Self.artifacts,
            ], in: scratch)
        let said = check.said
        #expect(check.status == 0, "the web checks:\n\(said)\n\(check.errors)\nhub log:\n\(hub.standardError)")
        #expect(said.contains("all web checks passed"))

        hub.signal(SIGTERM)
        #expect(try await hub.waitForExit() == 0)
        // Never in the log: the passwords, the session keys, the CSRF tokens the checker saw.
        let tokens = said.split(separator: "\n").filter { $0.hasPrefix("TOKEN ") }.map { String($0.dropFirst(6)) }
        #expect(tokens.count >= 3)
        let log = hub.standardError + ((try? String(contentsOfFile: hubOutput, encoding: .utf8)) ?? "")
        for secret in [password, "a new one, changed while the hub runs"] + tokens {
            #expect(!log.contains(secret), "the hub's output holds a secret")
        }
        for size in ["390x844", "1920x1080"] {
            #expect(FileManager.default.fileExists(atPath: Self.artifacts + "/live-\(size).png"))
        }
    }
}
