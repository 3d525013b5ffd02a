import Foundation
import HubTestKit
import Testing

/// `stayfit buttons test` as the README writes it, before any [plugins.buttons] table: every input device.
@Suite struct ButtonsEveryDeviceTests {
    @Test func withoutATableEveryInputDeviceIsTestedWithTheDefaultMapping() async throws {
        let scratch = try Scratch()
        let root = try FakeSystemRoot(scratch.path("root"))
        let keyboard = try root.addInputDevice(0, name: "USB Keyboard")
        let buttons = try root.addInputDevice(1, name: "button@11", gpioKeys: true)
        let config = try scratch.write("stayfit.toml", "[plugins.console]\n")
        let test = try StayfitProcess([
            "buttons", "test", "--config", config, "--root", root.path, "--presses", "2",
        ])
        try await test.waitForOutput("trying every input device")
        let keys = try await keyboard.openWriter()
        let gpio = try await buttons.openWriter()
        try gpio.tap(164)
        try await test.waitForOutput("short  → start / pause / resume")
        try keys.tap(30)
        #expect(try await test.waitForExit() == 0, "stderr: \(test.standardError)")
        let lines = test.standardOutput.split(separator: "\n").map(String.init)
        let device = "button@11 (\(root.path)/dev/input/event1)"
        #expect(lines.contains("\(device)  KEY_PLAYPAUSE (164)  short  → start / pause / resume"), "\(lines)")
        let usb = "USB Keyboard (\(root.path)/dev/input/event0)"
        #expect(lines.contains("\(usb)  KEY_A (30)  short  → nothing (not in the mapping)"), "\(lines)")
    }

    @Test func withoutATableOrAnyInputDeviceItSaysWhatToDo() async throws {
        let scratch = try Scratch()
        let root = try FakeSystemRoot(scratch.path("root"))
        let config = try scratch.write("stayfit.toml", "[plugins.console]\n")
        let test = try await StayfitProcess.run(["buttons", "test", "--config", config, "--root", root.path])
        #expect(test.status == 1)
        #expect(test.error.contains("No input devices"), "\(test.error)")
        #expect(test.error.contains("gpio-key overlay"), "\(test.error)")
    }
}
