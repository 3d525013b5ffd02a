import Foundation
import HubCore

extension ButtonsPlugin {
    /// The `[plugins.buttons]` table.
    public struct Configuration: PluginConfiguration, Sendable {
        /// Input devices: paths (`/dev/input/event0`, `/dev/input/by-id/…`) or device names as the kernel gives
        /// them (`gpio_keys`, `Logitech USB Receiver`), where `*` matches any text.
        public var devices: [DeviceSpec]
        /// Take the devices for the hub alone (`EVIOCGRAB`), so that a keyboard's keys do not also reach a console.
        public var grab: Bool
        var timing: PressClassifier.Timing
        /// GPIO lines read through the GPIO character device, for boards without the gpio-key overlay.
        public var gpio: GPIOButtons?
        public var mapping: KeyMapping

        public init(_ table: ConfigTable) throws {
            try self.init(table, devices: nil)
        }

        /// Reads the table, with `devices` in place of the table's own when given (`stayfit buttons test --device`).
        public init(_ table: ConfigTable, devices override: [String]?) throws {
            let named = try table.strings("devices", default: [])
            devices = try (override ?? named).map { try DeviceSpec($0, table: table) }
            grab = try table.bool("grab", default: true)
            timing = PressClassifier.Timing(
                long: .milliseconds(try table.int("long-press-milliseconds", default: 800, in: 200...10_000)),
                doubleWindow: .milliseconds(try table.int("double-press-milliseconds", default: 350, in: 100...2000)))
            let chip = try table.string("gpio-chip", default: "/dev/gpiochip0")
            let debounce = try table.int("gpio-debounce-milliseconds", default: 10, in: 0...100)
            if let table = try table.table("gpio-lines") {
                let lines = try GPIOButtons.readLines(table)
                if !lines.isEmpty { gpio = GPIOButtons(chip: chip, lines: lines, debounce: .milliseconds(debounce)) }
            }
            mapping = try table.table("keys").map(KeyMapping.read) ?? .standard
            if devices.isEmpty && gpio == nil {
                throw table.invalid(
                    "devices", problem: "no buttons to read: neither devices nor gpio-lines is set",
                    fix: "Name the input devices, e.g. devices = [\"/dev/input/event0\"] or their names "
                        + "(`stayfit buttons list` shows them), or give gpio-lines = { 17 = \"KEY_PLAYPAUSE\" }.")
            }
        }
    }

    /// How to find one input device.
    public enum DeviceSpec: Sendable, Equatable, CustomStringConvertible {
        /// A device file; a FIFO or a plain file of recorded events works too.
        case path(String)
        /// Every device whose kernel name matches this pattern (`*` any text, `?` one character).
        case name(String)

        init(_ text: String, table: ConfigTable) throws {
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty else {
                throw table.invalid(
                    "devices", problem: "an empty device name",
                    fix: "Write a path such as \"/dev/input/event0\" or a device name such as \"gpio_keys\".")
            }
            self = trimmed.hasPrefix("/") ? .path(trimmed) : .name(trimmed)
        }

        public var description: String {
            switch self {
            case .path(let path): path
            case .name(let name): "the device named \"\(name)\""
            }
        }
    }
}
