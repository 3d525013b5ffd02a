import Foundation
import GPSTestKit
import HubTestKit
import Testing

/// The web app's Music and Voice coach pages in a real browser (headless Chromium through Selenium) against the real
/// `stayfit` binary with a configuration file: `WebApp/web_settings_check.py` changes them; the file then holds the
/// new values with every comment the person wrote, the hub restarted just those two plugins and runs on, and
/// `stayfit config check` takes the file.
@Suite(.timeLimit(.minutes(10))) struct WebSettingsHubTests {
    static let script = WebAppTests.here.appendingPathComponent("WebApp/web_settings_check.py").path

    @Test func musicAndVoiceChangedInTheBrowserAreWrittenWithTheCommentsAndTakenAtOnce() async throws {
        guard BrowserCheck.browserIsInstalled() else { return }
        let scratch = try Scratch()
        let data = scratch.path("data")
        let password = "correct horse battery staple"
        let setPassword = try await StayfitProcess.run(["web", "password", "--data-dir", data], input: password)
        #expect(setPassword.status == 0, "\(setPassword.error)")
        let music = scratch.path("music")
        try FileManager.default.createDirectory(atPath: music, withIntermediateDirectories: true)
        let port = try GPSFake.freePort()
        let config = try scratch.write(
            "stayfit.toml",
            """
            # Our hub in the garage.
            [plugins.console]
            mode = "lines"
            progress-every-seconds = 0

            # Music into a file: there is no speaker in a test.
            [plugins.music]
            audio-device = "\(scratch.path("out.wav"))"   # recorded, not played
            volume = 70 # loud enough for the bike

            [plugins.voice-coach]
            # Slower for grandad.
            rate = 150

            [plugins.web]
            listen = "127.0.0.1:\(port)"

            """)
        let hub = try StayfitProcess(["run", "--config", config, "--data-dir", data])
        try await hub.waitForLog("Server started and listening on 127.0.0.1:\(port)")

        let check = try await BrowserCheck.run(
            Self.script, arguments: ["http://127.0.0.1:\(port)", password, WebAppTests.artifacts, music], in: scratch,
            timeout: .seconds(300))
        #expect(check.status == 0, "\(check.said)\n\(check.errors)\nhub log:\n\(hub.standardError)")
        #expect(check.said.contains("all settings checks passed"), "\(check.said)\n\(check.errors)")

        let text = try String(contentsOfFile: config, encoding: .utf8)
        for line in [
            "# Our hub in the garage.", "# Music into a file: there is no speaker in a test.",
            "volume = 45 # loud enough for the bike", "# Slower for grandad.", "rate = 210",
            "every-minutes = 2", "units = \"imperial\"", "zone-changes = false",
            "playlists.indoor-ride = \"\(music)\"", "playlists.run = \"/nowhere/run.m3u\"", "shuffle = true",
        ] {
            #expect(text.contains(line + "\n"), "\(line) in:\n\(text)")
        }
        #expect(!text.contains("xx-nonsense"), "a refused voice is not written:\n\(text)")
        let log = hub.standardError
        #expect(log.contains("restarted=voice-coach"), "\(log)")
        #expect(log.contains("restarted=music"), "\(log)")
        #expect(!log.contains("restarted=console"), "only the changed plugins restart: \(log)")
        let checked = try await StayfitProcess.run(["config", "check", config])
        #expect(checked.status == 0, "\(checked.output)\(checked.error)")
        hub.send("status")
        hub.send("quit")
        #expect(try await hub.waitForExit() == 0, "\(hub.standardError)")
    }
}
