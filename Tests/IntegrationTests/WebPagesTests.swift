import BlueZTestKit
import Foundation
import GPSTestKit
import HubTestKit
import Testing

/// The web app's pages beyond Live in a real browser (headless Chromium through Selenium), against the real
/// `stayfit` binary: the demo's workout in the history, its page and its GPX (read back by gpxpy), a program voted
/// on, copied and edited, a food added, reminders added, turned off, edited and deleted. `WebApp/web_pages_check.py` in the tests' venv.
@Suite struct WebPagesTests {
    static let script = WebAppTests.here.appendingPathComponent("WebApp/web_pages_check.py").path

    @Test func aPersonReadsTheHistoryDownloadsAGPXEditsAProgramLogsAFoodAndSetsAReminder() async throws {
        guard BrowserCheck.browserIsInstalled() else { return }
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

        let check = try await BrowserCheck.run(
            Self.script, arguments: ["http://127.0.0.1:\(port)", password, WebAppTests.artifacts], in: scratch,
            timeout: .seconds(300))
        #expect(check.status == 0, "\(check.said)\n\(check.errors)\nhub log:\n\(hub.standardError)")
        #expect(check.said.contains("all page checks passed"), "\(check.said)\n\(check.errors)")
        // The program edited in the browser is in the store, as the CLI lists it.
        let listed = try await StayfitProcess.run(["programs", "list", "--data-dir", data])
        #expect(listed.output.contains("Edited in a browser"), "\(listed.output)\n\(listed.error)")
        let eaten = try await StayfitProcess.run(["food", "list", "--data-dir", data])
        #expect(eaten.output.lowercased().contains("banana"), "\(eaten.output)\n\(eaten.error)")
        // The reminder added, turned off and renamed in the browser, as the CLI stores and lists it; the other deleted.
        let reminders = try await StayfitProcess.run(["reminders", "list", "--json", "--data-dir", data])
        let stored = try JSONSerialization.jsonObject(with: Data(reminders.output.utf8)) as? [[String: Any]]
        let reminder = try #require(stored?.first, "\(reminders.output)\n\(reminders.error)")
        #expect(stored?.count == 1)
        #expect(reminder["title"] as? String == "Tempo run")
        #expect(reminder["time"] as? String == "18:30")
        #expect(reminder["weekdays"] as? [String] == ["mon", "wed", "fri"])
        #expect(reminder["alertMinutesBefore"] as? Int == 15)
        #expect(reminder["enabled"] as? Bool == false)
        hub.signal(SIGTERM)
        #expect(try await hub.waitForExit() == 0)
    }
}
