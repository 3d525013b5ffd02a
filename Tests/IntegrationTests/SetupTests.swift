import BlueZTestKit
import Foundation
import HubStore
import HubTestKit
import Testing

/// `stayfit setup` driven as a person over SSH would: the real binary, answers typed on its standard input, BlueZ
/// from python-dbusmock on a private bus, a FIFO for the buttons, a .wav file for the speaker.
@Suite(.serialized, .timeLimit(.minutes(10))) struct SetupTests {
    @Test func everyStepAnsweredWritesACheckedConfigurationTheStrapAndTheProfile() async throws {
        try await withBlueZMock { environment in
            _ = try await MockStrap.add(to: environment)
            let scratch = try Scratch()
            let root = try FakeSystemRoot(scratch.path("root"))
            try root.addBluetoothAdapter()
            let buttons = try root.addInputDevice(0, name: "button@11", gpioKeys: true)
            let config = scratch.path("stayfit.toml")
            let recording = scratch.path("speaker.wav")
            let setup = try StayfitProcess(
                [
                    "setup", "--config", config, "--data-dir", scratch.path("data"), "--root", root.path,
                    "--scan-seconds", "2",
                ], environment: ["DBUS_SYSTEM_BUS_ADDRESS": environment.bus.address])

            try await setup.waitForOutput("Scan for heart-rate straps now? [y/S]")
            setup.send("y")
            try await setup.waitForOutput("Which strap?")
            #expect(setup.standardOutput.contains("  1  C0:FF:EE:00:00:01"), "\(setup.standardOutput)")
            setup.send("1")
            try await setup.waitForOutput("Connected to Polar H10 1234 (C0:FF:EE:00:00:01)")

            try await setup.waitForOutput("Play a test sound (a chime and a sentence) now? [y/S]")
            setup.send("y")
            try await setup.waitForOutput("Audio device:")
            setup.send(recording)
            try await setup.waitForOutput("Did you hear it?")
            setup.send("y")

            try await setup.waitForOutput("Press each of your buttons now? [y/S]")
            setup.send("y")
            try await setup.waitForOutput("Press your buttons one at a time")
            let writer = try await buttons.openWriter()
            try writer.tap(28)
            try await setup.waitForOutput("Button 1: KEY_ENTER (28)")
            try writer.tap(38)
            try await setup.waitForOutput("Button 2: KEY_L (38)")
            #expect(
                setup.standardOutput.contains(
                    "short start / pause / resume, long stop and save the workout, double music play / pause."),
                "\(setup.standardOutput)")
            setup.send("")

            try await setup.waitForOutput("Set your profile now? [y/S]")
            for (question, answer) in [
                ("Set your profile now?", "y"), ("Name:", "Alex"), ("Birth date, YYYY-MM-DD:", "1990-04-21"),
                ("Gender: male, female or other:", "female"), ("Height in centimetres:", "tall"),
                ("Weight in kilograms:", "61"), ("Log heart rate all day, not only during workouts? [y/N]", "y"),
            ] {
                try await setup.waitForOutput(question)
                setup.send(answer)
            }
            // `profile set`'s words for the bad height, then that question again.
            try await setup.waitForOutput(
                "Enter Proper Height: \"tall\" is not a number of centimetres from 50 to 272.\nHeight in centimetres:")
            setup.send("168")
            #expect(
                try await setup.waitForExit() == 0, "stdout: \(setup.standardOutput)\nstderr: \(setup.standardError)")
            #expect(setup.standardOutput.contains("Wrote \(config)."), "\(setup.standardOutput)")

            let text = try String(contentsOfFile: config, encoding: .utf8)
            #expect(text.contains("[plugins.heart-rate]\n"), "\(text)")
            #expect(text.contains("device = \"C0:FF:EE:00:00:01\"\n"), "\(text)")
            #expect(text.contains("audio-device = \"\(recording)\"\n"), "\(text)")
            #expect(text.contains("devices = [\"button@11\"]\n"), "\(text)")
            #expect(
                text.contains(
                    "[plugins.buttons.keys]\n"
                        + "KEY_ENTER = { short = \"start-pause-resume\", long = \"stop\", double = \"play-pause-music\" }\n"
                        + "KEY_L = { short = \"next-track\", long = \"status-now\", double = \"previous-track\" }\n"),
                "\(text)")
            #expect(text.contains("# [plugins.location]\n"), "no gpsd: off, commented: \(text)")
            let check = try await StayfitProcess.run(["config", "check", config])
            #expect(check.status == 0, "\(check.error)")

            let recorded = try #require(FileManager.default.contents(atPath: recording))
            #expect(recorded.starts(with: Array("RIFF".utf8)) && recorded.count > 44_100, "the chime and the sentence")
            let store = try scratch.store()
            let profile = try #require(try await store.profile())
            #expect(profile.name == "Alex" && profile.heightCentimeters == 168 && profile.weightKilograms == 61)
            #expect(profile.heartRateMonitoring)
            #expect(try await store.rememberedDevice(.heartRate)?.address == "C0:FF:EE:00:00:01")
        }
    }

    @Test func theEndOfItsInputStopsSetupWithNothingWritten() async throws {
        let scratch = try Scratch()
        let root = try FakeSystemRoot(scratch.path("root"))
        let config = scratch.path("stayfit.toml")
        let setup = try StayfitProcess([
            "setup", "--config", config, "--data-dir", scratch.path("data"), "--root", root.path,
        ])
        try await setup.waitForOutput("Scan for heart-rate straps now?")
        setup.send("")
        try await setup.waitForOutput("Play a test sound")
        setup.send("s")
        try await setup.waitForOutput("Set your profile now?")
        setup.send("y")
        try await setup.waitForOutput("Name:")
        setup.send("Alex")
        try await setup.waitForOutput("Birth date")
        setup.closeInput()
        #expect(try await setup.waitForExit() == 1)
        #expect(
            setup.standardError.contains("setup stopped: its input ended before the last answer. Nothing was written."),
            "\(setup.standardError)")
        #expect(!FileManager.default.fileExists(atPath: config))
        #expect(try await scratch.store().profile() == nil)
    }

    @Test func anExistingFileIsReplacedOnlyWhenThePersonSaysSoAndKeepsItsMode() async throws {
        let scratch = try Scratch()
        let root = try FakeSystemRoot(scratch.path("root"))
        let config = try scratch.write("stayfit.toml", "# mine\n[plugins.console]\n")
        chmod(config, 0o640)
        let arguments = ["setup", "--config", config, "--data-dir", scratch.path("data"), "--root", root.path]
        // Enter skips the strap, the speaker and the profile (there are no input devices, so no buttons step).
        let kept = try await StayfitProcess.run(arguments, input: "\n\n\nn")
        #expect(kept.status == 0, "\(kept.error)")
        #expect(kept.output.contains("\(config) exists. Replace it with the new configuration?"), "\(kept.output)")
        #expect(kept.output.contains("No input devices here: skipped."), "\(kept.output)")
        #expect(try String(contentsOfFile: config, encoding: .utf8) == "# mine\n[plugins.console]\n")

        let replaced = try await StayfitProcess.run(arguments, input: "\n\n\ny")
        #expect(replaced.status == 0, "\(replaced.error)")
        let text = try String(contentsOfFile: config, encoding: .utf8)
        #expect(text.hasPrefix("# StayFit Hub's configuration, written by `stayfit setup`"), "\(text)")
        let mode = try FileManager.default.attributesOfItem(atPath: config)[.posixPermissions] as? Int
        #expect(mode == 0o640)
    }

    /// `sudo stayfit setup --data-dir /var/lib/stayfit`: the database files made for the profile are the hub's user's,
    /// not root's, or the hub could not open them.
    @Test(.enabled(if: geteuid() == 0, "needs root, as sudo gives it"))
    func runAsRootItLeavesTheDatabaseToTheDataDirectorysOwner() async throws {
        let scratch = try Scratch()
        let root = try FakeSystemRoot(scratch.path("root"))
        let data = scratch.path("data")
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: false)
        let nobody: uid_t = 65_534
        #expect(chown(data, nobody, gid_t(nobody)) == 0 && chmod(data, 0o700) == 0)
        chmod(scratch.path(""), 0o755)
        let config = scratch.path("stayfit.toml")
        let answers = ["", "", "y", "Alex", "1990-04-21", "female", "168", "61", ""].joined(separator: "\n")
        let result = try await StayfitProcess.run(
            ["setup", "--config", config, "--data-dir", data, "--root", root.path], input: answers)
        #expect(result.status == 0, "stdout: \(result.output)\nstderr: \(result.error)")
        #expect(result.output.contains("Profile saved."), "\(result.output)")
        let files = try FileManager.default.contentsOfDirectory(atPath: data).filter { $0.hasPrefix("stayfit.sqlite") }
        #expect(files.contains("stayfit.sqlite"), "\(files)")
        for file in files {
            var info = stat()
            #expect(stat(data + "/" + file, &info) == 0 && info.st_uid == nobody, "\(file) is the owner's")
        }
        var info = stat()
        #expect(stat(config, &info) == 0 && info.st_uid == 0, "the configuration is root's, as written by sudo")
    }
}
