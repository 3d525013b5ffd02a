import BlueZTestKit
import Foundation
import Testing

/// `stayfit setup --detect` and `scripts/install`: a first configuration with what the machine has.
@Suite(.serialized) struct SetupDetectTests {
    /// A root with a Bluetooth adapter, a sound card, gpio-key buttons and gpsd's socket.
    static func equippedRoot(_ scratch: borrowing Scratch) async throws -> FakeSystemRoot {
        let root = try FakeSystemRoot(scratch.path("root"))
        try root.addBluetoothAdapter()
        try root.addSoundCard()
        _ = try root.addInputDevice(0, name: "button@11", gpioKeys: true)
        _ = try root.addInputDevice(1, name: "USB Keyboard")
        try FileManager.default.createDirectory(atPath: root.path + "/run", withIntermediateDirectories: true)
        // gpsd's socket, as gpsd.socket leaves it: a Unix socket bound at the path.
        let python = try ChildProcess.spawn(
            "/usr/bin/python3",
            ["-c", "import socket, sys; socket.socket(socket.AF_UNIX).bind(sys.argv[1])", root.path + "/run/gpsd.sock"])
        #expect(try await python.exitCode(within: TestDeadline.hang) == 0)
        return root
    }

    @Test func detectTurnsOnWhatItFindsAndSaysWhyTheRestIsOff() async throws {
        let scratch = try Scratch()
        let root = try await Self.equippedRoot(scratch)
        let result = try await StayfitProcess.run(["setup", "--detect", "--root", root.path])
        #expect(result.status == 0, "stderr: \(result.error)")
        let text = result.output
        for table in ["console", "heart-rate", "location", "music", "voice-coach", "buttons", "reminders"] {
            #expect(text.contains("\n[plugins.\(table)]\n"), "[plugins.\(table)] on: \(text)")
        }
        #expect(text.contains("adapter = \"hci0\"\n"))
        #expect(text.contains("devices = [\"button@11\"]\n"), "only the gpio-keys device: \(text)")
        #expect(text.contains("audio-device = \"auto\"\n"))
        #expect(
            result.error.contains(
                "Found: Bluetooth adapter hci0; gpsd's socket /run/gpsd.sock; sound card bcm2835 Headphones; "
                    + "gpio-key buttons button@11."), "\(result.error)")

        // The same loader `config check` uses accepts it.
        let file = try scratch.write("detected.toml", text)
        let check = try await StayfitProcess.run(["config", "check", file])
        #expect(check.status == 0, "\(check.error)")
        let enabled = check.output.components(separatedBy: "Enabled plugins: ").last?.dropLast(2)
            .components(separatedBy: ", ")
        // And the plugins on by default, which need no table.
        #expect(
            Set(enabled ?? [])
                == [
                    "console", "heart-rate", "location", "music", "voice-coach", "buttons", "reminders",
                    // On by default, with no table of their own in the file.
                    "heart-rate-log", "status", "share", "goals", "people", "calories",
                ],
            "\(check.output)")
    }

    @Test func detectOnABareMachineLeavesTheDevicePluginsCommentedOutWithTheReason() async throws {
        let scratch = try Scratch()
        let root = try FakeSystemRoot(scratch.path("root"))
        let result = try await StayfitProcess.run(["setup", "--detect", "--root", root.path])
        #expect(result.status == 0, "stderr: \(result.error)")
        for table in ["heart-rate", "location", "music", "voice-coach", "buttons"] {
            #expect(result.output.contains("\n# [plugins.\(table)]\n"), "[plugins.\(table)] off: \(result.output)")
            #expect(!result.output.contains("\n[plugins.\(table)]\n"))
        }
        #expect(result.output.contains("# Off: no Bluetooth adapter was found"), "\(result.output)")
        #expect(result.output.contains("\n[plugins.console]\n") && result.output.contains("\n[plugins.reminders]\n"))
    }

    @Test func aSoundServerNamedInPulseServerCountsAsSound() async throws {
        let result = try await StayfitProcess.run(
            ["setup", "--detect"], environment: ["PULSE_SERVER": "tcp:speaker.local:4713"])
        #expect(result.status == 0, "stderr: \(result.error)")
        #expect(result.output.contains("\n[plugins.music]\n"), "\(result.output)")
        #expect(result.error.contains("tcp:speaker.local:4713"), "\(result.error)")
    }

    @Test func installWritesTheConfigurationForTheDevicesFoundAndKeepsAChangedOne() async throws {
        let scratch = try Scratch()
        let root = try await Self.equippedRoot(scratch)
        let install = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("scripts/install").path
        let arguments = ["--destdir", root.path, "--binary", StayfitProcess.binary.path, "--no-start"]
        let first = try ChildProcess.spawn(install, arguments, stderrPath: scratch.path("install.log"))
        #expect(try await first.exitCode(within: TestDeadline.hang) == 0)
        let config = root.path + "/etc/stayfit/stayfit.toml"
        let written = try String(contentsOfFile: config, encoding: .utf8)
        #expect(written.contains("\n[plugins.heart-rate]\n") && written.contains("\n[plugins.buttons]\n"), "\(written)")
        #expect(try await StayfitProcess.run(["config", "check", config]).status == 0)

        let mine = written.replacingOccurrences(of: "log-level = \"info\"", with: "log-level = \"debug\"")
        try mine.write(toFile: config, atomically: true, encoding: .utf8)
        let again = try ChildProcess.spawn(install, arguments, stderrPath: scratch.path("install.log"))
        #expect(try await again.exitCode(within: TestDeadline.hang) == 0)
        #expect(try String(contentsOfFile: config, encoding: .utf8) == mine)
    }
}
