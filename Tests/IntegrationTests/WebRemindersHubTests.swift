import BlueZTestKit
import Foundation
import GPSTestKit
import HubTestKit
import Testing

/// A reminder added on the web app's reminders page reaches the running hub's reminders plugin as one added with
/// `stayfit reminders add` does (`RemindersCLITests`): the hub says it at its time. `WebApp/web_reminder_check.py`
/// in the tests' venv adds it.
@Suite struct WebRemindersHubTests {
    static let script = WebAppTests.here.appendingPathComponent("WebApp/web_reminder_check.py").path

    @Test func aReminderAddedInTheBrowserIsSaidByTheRunningHubAtItsTime() async throws {
        guard BrowserCheck.browserIsInstalled() else { return }
        let scratch = try Scratch()
        let data = scratch.path("data")
        let password = "correct horse battery staple"
        let setPassword = try await StayfitProcess.run(["web", "password", "--data-dir", data], input: password)
        #expect(setPassword.status == 0, "\(setPassword.error)")
        // At --speed 60 the hub's wall clock runs a minute a second from now: a reminder 40 minutes ahead comes
        // about 40 seconds after the start, long after the browser has added it.
        var berlin = Calendar(identifier: .gregorian)
        berlin.timeZone = try #require(TimeZone(identifier: "Europe/Berlin"))
        let ahead = berlin.dateComponents([.hour, .minute], from: Date().addingTimeInterval(40 * 60))
        let time = String(format: "%02d:%02d", ahead.hour ?? 0, ahead.minute ?? 0)
        let port = try GPSFake.freePort()
        let config = try scratch.write(
            "stayfit.toml",
            """
            [plugins.simulator]
            when-done = "idle"
            [plugins.console]
            mode = "lines"
            progress-every-seconds = 0
            [plugins.reminders]
            clock-sync-wait-minutes = 0
            [plugins.web]
            listen = "127.0.0.1:\(port)"

            """)
        let hub = try StayfitProcess(
            ["run", "--simulate", "--speed", "60", "--config", config, "--data-dir", data],
            environment: RemindersCLITests.berlin)
        try await hub.waitForLog("Server started and listening on 127.0.0.1:\(port)")

        let check = try await BrowserCheck.run(
            Self.script, arguments: ["http://127.0.0.1:\(port)", password, "Web stretch", time], in: scratch,
            timeout: .seconds(120))
        #expect(check.status == 0, "\(check.said)\n\(check.errors)\nhub log:\n\(hub.standardError)")
        #expect(check.said.contains("reminder added"), "\(check.said)\n\(check.errors)")
        try await hub.waitForOutput("Reminder: Web stretch.", timeout: .seconds(120))
        hub.send("quit")
        #expect(try await hub.waitForExit() == 0)
        #expect(!hub.standardOutput.contains("missed:"), "stdout: \(hub.standardOutput)")
    }
}
