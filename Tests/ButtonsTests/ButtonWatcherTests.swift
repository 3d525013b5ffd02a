import Foundation
import HubCore
import HubTestKit
import Testing

@testable import Buttons

/// Presses written as `struct input_event` records into FIFOs standing in for `/dev/input/event*`, on a manual clock.
@Suite struct ButtonWatcherTests {
    @Test func recognisesShortLongAndDoublePressesAndRepeatFromAFIFO() async throws {
        let harness = try WatcherHarness()
        let fifo = try InputEventFIFO(harness.path("dev/buttons"))
        let configuration = try WatcherHarness.configuration(
            """
            devices = ["\(fifo.path)"]
            [plugins.buttons.keys]
            KEY_PLAYPAUSE = { short = "start-pause-resume", long = "stop", double = "play-pause-music" }
            KEY_ENTER = { short = "lap" }
            """)
        try await harness.run(configuration) {
            let writer = try await fifo.openWriter()
            #expect(try await harness.nextDeviceEvent() == .opened(device: fifo.path, grab: .notAnInputDevice))

            // A key without a double action: short at the release, no waiting.
            try writer.tap(28)
            var press = try await harness.nextPress()
            #expect((press.keyCode, press.kind, press.action, press.device) == (28, .short, .lap, fifo.path))

            // Key repeat while held changes nothing.
            try writer.key(28, 1)
            for _ in 0..<5 { try writer.key(28, 2) }
            try writer.key(28, 0)
            press = try await harness.nextPress()
            #expect((press.keyCode, press.kind) == (28, .short))

            // A key with a double action: the short press comes once the double-press window has closed.
            try await harness.afterTimerStarts { try writer.tap(164) }
            harness.clock.advance(by: .milliseconds(400))
            press = try await harness.nextPress()
            #expect((press.keyCode, press.kind, press.action) == (164, .short, .startPauseResume))

            // Held: long once the long-press time has passed, before the release.
            try await harness.afterTimerStarts { try writer.key(164, 1) }
            harness.clock.advance(by: .milliseconds(800))
            press = try await harness.nextPress()
            #expect((press.keyCode, press.kind, press.action) == (164, .long, .stop))
            try writer.key(164, 0)

            // Twice in quick succession: double.
            try writer.tap(164)
            try writer.tap(164)
            press = try await harness.nextPress()
            #expect((press.keyCode, press.kind, press.action) == (164, .double, .playPauseMusic))

            // A press with nothing mapped to it is still reported, without an action.
            try writer.tap(30)
            press = try await harness.nextPress()
            #expect((press.keyCode, press.kind, press.action) == (30, .short, nil))
        }
    }

    @Test func garbageAndOtherEventTypesAreDroppedAndTheNextPressStillCounts() async throws {
        let harness = try WatcherHarness()
        let fifo = try InputEventFIFO(harness.path("dev/buttons"))
        let configuration = try WatcherHarness.configuration(
            "devices = [\"\(fifo.path)\"]\n[plugins.buttons.keys]\nKEY_ENTER = { short = \"lap\" }")
        try await harness.run(configuration) {
            let writer = try await fifo.openWriter()
            // A key code past KEY_MAX, a value the kernel never sends, a relative motion, a scan code (EV_MSC).
            try writer.write(InputEvent(type: 1, code: 0xFFFF, value: 1).record())
            try writer.write(InputEvent(type: 1, code: 28, value: 77).record())
            try writer.write(InputEvent(type: 2, code: 0, value: 5).record())
            try writer.write(InputEvent(type: 4, code: 4, value: 0x70028).record())
            try writer.write([UInt8](repeating: 0xFF, count: 24))
            try writer.tap(28)
            let press = try await harness.nextPress()
            #expect((press.keyCode, press.kind) == (28, .short))
        }
    }

    @Test func eventsLostByTheKernelDropThePressInProgressInsteadOfMakingItLong() async throws {
        let harness = try WatcherHarness()
        let fifo = try InputEventFIFO(harness.path("dev/buttons"))
        let configuration = try WatcherHarness.configuration(
            "devices = [\"\(fifo.path)\"]\n[plugins.buttons.keys]\nKEY_ENTER = { short = \"lap\", long = \"stop\" }")
        try await harness.run(configuration) {
            let writer = try await fifo.openWriter()
            try await harness.afterTimerStarts { try writer.key(28, 1) }
            // SYN_DROPPED: the release may have been among the lost events.
            try writer.write(InputEvent(type: 0, code: 3, value: 0).record())
            try writer.tap(30)  // in order behind it: once this is reported, the drop has been taken
            #expect(try await harness.nextPress().keyCode == 30)
            harness.clock.advance(by: .seconds(2))
            try writer.tap(28)
            let press = try await harness.nextPress()
            #expect((press.keyCode, press.kind) == (28, .short))
        }
    }

    @Test func aDeviceThatVanishesAndReturnsIsOpenedAgain() async throws {
        let harness = try WatcherHarness()
        let path = harness.path("dev/remote")
        let first = try InputEventFIFO(path)
        let configuration = try WatcherHarness.configuration(
            "devices = [\"\(path)\"]\n[plugins.buttons.keys]\nKEY_NEXTSONG = { short = \"next-track\" }")
        try await harness.run(configuration) {
            let firstWriter = try await first.openWriter()
            try firstWriter.tap(163)
            #expect(try await harness.nextPress().action == .nextTrack)

            // Gone and back: the node is deleted (as udev deletes an unplugged device's) and a new one made at the
            // same path. The old one never ends (its writer stays), so only noticing the new file helps; the new
            // FIFO has a reader only once the watcher has opened it.
            first.remove()
            let second = try InputEventFIFO(path)
            let secondWriter = try await second.openWriter()
            try secondWriter.tap(163)
            #expect(try await harness.nextPress().action == .nextTrack)
            withExtendedLifetime(firstWriter) {}

            // The writer goes away and another comes (end of file on a FIFO): read again, quietly.
            var thirdWriter: InputEventWriter? = secondWriter
            thirdWriter = nil
            thirdWriter = try await second.openWriter()
            try thirdWriter?.tap(163)
            #expect(try await harness.nextPress().action == .nextTrack)
        }
    }

    @Test func aDeviceMissingAtTheStartIsOpenedWhenItAppears() async throws {
        let harness = try WatcherHarness()
        let path = harness.path("dev/keyboard")
        let configuration = try WatcherHarness.configuration(
            "devices = [\"\(path)\"]\n[plugins.buttons.keys]\nKEY_ENTER = { short = \"lap\" }")
        try await harness.run(configuration) {
            guard case .unavailable(let device, let reason) = try await harness.nextDeviceEvent() else {
                Issue.record("expected the missing device to be reported")
                return
            }
            #expect(device == path)
            #expect(reason.contains("No such file"))
            let fifo = try InputEventFIFO(path)
            let writer = try await fifo.openWriter()
            #expect(try await harness.nextDeviceEvent() == .opened(device: path, grab: .notAnInputDevice))
            try writer.tap(28)
            #expect(try await harness.nextPress().action == .lap)
        }
    }

    @Test func aDeviceChosenByNameIsFoundThroughSysfsWhenItAppears() async throws {
        let harness = try WatcherHarness()
        let configuration = try WatcherHarness.configuration(
            "devices = [\"gpio*\"]\n[plugins.buttons.keys]\nKEY_VOLUMEUP = { short = \"louder\" }")
        try await harness.run(configuration) {
            #expect(
                try await harness.nextDeviceEvent()
                    == .unavailable(
                        device: "the device named \"gpio*\"",
                        reason: "no input device has this name yet; waiting for one"))
            // Another device that does not match, then the gpio-keys device: sysfs first, then the device node.
            for (number, name) in [(2, "Logitech USB Receiver"), (5, "gpio_keys")] {
                let entry = harness.path("sys/event\(number)/device")
                try FileManager.default.createDirectory(atPath: entry, withIntermediateDirectories: true)
                try Data((name + "\n").utf8).write(to: URL(fileURLWithPath: entry + "/name"))
            }
            _ = try InputEventFIFO(harness.path("dev/event2"))
            let fifo = try InputEventFIFO(harness.path("dev/event5"))
            let writer = try await fifo.openWriter()
            let label = "gpio_keys (\(fifo.path))"
            // (The node may show in sysfs a moment before /dev has it: that is reported, and the watcher waits.)
            while try await harness.nextDeviceEvent() != .opened(device: label, grab: .notAnInputDevice) {}
            try writer.tap(115)
            let press = try await harness.nextPress()
            #expect((press.device, press.action) == (label, .louder))
        }
    }

    @Test func aCharacterDeviceThatIsNoInputDeviceIsRefusedOnceAndNeverRead() async throws {
        let harness = try WatcherHarness()
        let later = harness.path("dev/later")
        let configuration = try WatcherHarness.configuration(
            "devices = [\"/dev/zero\", \"/dev/urandom\", \"\(later)\"]\n[plugins.buttons.keys]\n"
                + "KEY_ENTER = { short = \"lap\" }")
        let refused =
            "not an input device (a character device that does not answer EVIOCGVERSION); name an evdev "
            + "device such as /dev/input/event0 (stayfit buttons list shows them), or a FIFO"
        try await harness.run(configuration) {
            // Before, both were opened ("not an input device" to grab) and read without end: 1.5 cores, silently.
            #expect(try await harness.nextDeviceEvent() == .unavailable(device: "/dev/zero", reason: refused))
            #expect(try await harness.nextDeviceEvent() == .unavailable(device: "/dev/urandom", reason: refused))
            // A device appearing makes the watcher look at every path again: the refusal is not said again.
            let fifo = try InputEventFIFO(later)
            let writer = try await fifo.openWriter()
            var seen: [ButtonEvent] = []
            while seen.last != .opened(device: later, grab: .notAnInputDevice) {
                seen.append(try await harness.nextDeviceEvent())
            }
            #expect(
                !seen.contains { if case .unavailable(let device, _) = $0 { device.hasPrefix("/dev/") } else { false } }
            )
            #expect(!seen.contains { if case .opened(let device, _) = $0 { device.hasPrefix("/dev/") } else { false } })
            // And the watcher is not busy elsewhere: the FIFO's key comes through.
            try writer.tap(28)
            #expect(try await harness.nextPress().action == .lap)
        }
    }

    @Test func aFileOfRecordedEventsIsReadOnceAndNotReplayed() async throws {
        let harness = try WatcherHarness()
        let recording = harness.path("dev/recorded")
        let down = InputEvent(type: 1, code: 28, value: 1).record(),
            up = InputEvent(type: 1, code: 28, value: 0).record()
        try Data(down + up).write(to: URL(fileURLWithPath: recording))
        let later = harness.path("dev/later")
        let configuration = try WatcherHarness.configuration(
            "devices = [\"\(recording)\", \"\(later)\"]\n[plugins.buttons.keys]\nKEY_ENTER = { short = \"lap\" }")
        try await harness.run(configuration) {
            #expect(try await harness.nextPress().action == .lap)
            while try await harness.nextDeviceEvent() != .lost(device: recording, reason: "it was read to its end") {}
            // A change in the folder makes the watcher look again: the recording is not opened (and played) again,
            // the new device is.
            let fifo = try InputEventFIFO(later)
            _ = try await fifo.openWriter()
            while true {
                let event = try await harness.nextDeviceEvent()
                #expect(event != .opened(device: recording, grab: .notAnInputDevice))
                if event == .opened(device: later, grab: .notAnInputDevice) { break }
            }
        }
    }

    @Test func namePatternsMatchWithStarsAndQuestionMarks() {
        #expect(DeviceFinder.matches("gpio_keys", pattern: "gpio_keys"))
        #expect(DeviceFinder.matches("gpio_keys", pattern: "gpio*"))
        #expect(DeviceFinder.matches("button@11", pattern: "button@??"))
        #expect(DeviceFinder.matches("Logitech USB Receiver Consumer Control", pattern: "*Receiver*"))
        #expect(!DeviceFinder.matches("gpio_keys", pattern: "GPIO*"))
        #expect(!DeviceFinder.matches("gpio_keys", pattern: "gpio"))
        #expect(DeviceFinder.matches("", pattern: "*"))
    }
}
