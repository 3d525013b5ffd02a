import Foundation
import HubTestKit

/// A folder standing in for `/` (the hidden `--root` of `setup` and `buttons`): sysfs, procfs and `/dev` entries as
/// the kernel would show them, with FIFOs for input devices.
struct FakeSystemRoot {
    let path: String

    init(_ path: String) throws {
        self.path = path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    private func make(_ folder: String) throws {
        try FileManager.default.createDirectory(atPath: path + folder, withIntermediateDirectories: true)
    }

    /// `/dev/input/eventN` as a FIFO named `name` in sysfs; with `gpioKeys`, made by the gpio-keys driver (its
    /// sysfs driver link and a `/dev/input/by-path` link, as the Raspberry Pi's gpio-key overlay gives).
    func addInputDevice(_ number: Int, name: String, gpioKeys: Bool = false) throws -> InputEventFIFO {
        try make("/dev/input")
        try make("/sys/class/input/event\(number)/device/device")
        try (name + "\n").write(
            toFile: path + "/sys/class/input/event\(number)/device/name", atomically: true, encoding: .utf8)
        if gpioKeys {
            try make("/sys/bus/platform/drivers/gpio-keys")
            try FileManager.default.createSymbolicLink(
                atPath: path + "/sys/class/input/event\(number)/device/device/driver",
                withDestinationPath: path + "/sys/bus/platform/drivers/gpio-keys")
            try make("/dev/input/by-path")
            try FileManager.default.createSymbolicLink(
                atPath: path + "/dev/input/by-path/platform-\(name)-event", withDestinationPath: "../event\(number)")
        }
        return try InputEventFIFO(path + "/dev/input/event\(number)")
    }

    /// `/sys/class/bluetooth/hciN`.
    func addBluetoothAdapter(_ name: String = "hci0") throws { try make("/sys/class/bluetooth/\(name)") }

    /// `/proc/asound/cards` with one card.
    func addSoundCard() throws {
        try make("/proc/asound")
        try " 0 [Headphones     ]: bcm2835_headpho - bcm2835 Headphones\n                      bcm2835 Headphones\n"
            .write(toFile: path + "/proc/asound/cards", atomically: true, encoding: .utf8)
    }
}
