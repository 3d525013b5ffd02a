import HubCore

/// Buttons wired straight to GPIO lines, read through the GPIO character device (uAPI v2) for boards without the
/// gpio-key overlay: each line is pulled up, active-low (pressed = the line pulled to ground) and debounced by the
/// kernel, and reports both edges.
///
/// ```toml
/// gpio-chip = "/dev/gpiochip0"
/// gpio-lines = { 17 = "KEY_PLAYPAUSE", 27 = "KEY_NEXTSONG", 22 = "KEY_VOLUMEUP" }
/// ```
///
/// - Important: Written from the kernel header and tested against its byte layout only: there is no GPIO chip
///   (and no gpio-sim) on the build machines, so this path has not run on hardware.
public struct GPIOButtons: Sendable, Equatable {
    /// The GPIO chip's device file.
    public var chip: String
    /// Line offsets on the chip and the key each one stands for, in offset order.
    public var lines: [(offset: UInt32, code: Int)]
    public var debounce: Duration

    /// The uAPI allows 64 lines per request.
    static let maximumLines = 64

    public init(chip: String, lines: [(offset: UInt32, code: Int)], debounce: Duration) {
        self.chip = chip
        self.lines = lines.sorted { $0.offset < $1.offset }
        self.debounce = debounce
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.chip == rhs.chip && lhs.debounce == rhs.debounce && lhs.lines.map(\.offset) == rhs.lines.map(\.offset)
            && lhs.lines.map(\.code) == rhs.lines.map(\.code)
    }

    /// Reads `gpio-lines = { 17 = "KEY_PLAYPAUSE" }`: line offsets and key names.
    static func readLines(_ table: ConfigTable) throws -> [(offset: UInt32, code: Int)] {
        var lines: [(offset: UInt32, code: Int)] = []
        for key in table.keys {
            guard let offset = UInt32(key), offset < 1024 else {
                throw table.invalid(
                    key, problem: "\"\(key)\" is not a GPIO line number",
                    fix: "Use the line's offset on the chip (on a Raspberry Pi the BCM GPIO number, e.g. 17).")
            }
            let name = try table.string(key, default: "")
            guard let code = KeyNames.code(name) else {
                throw table.invalid(
                    key, problem: "\"\(name)\" is not a key name or number",
                    fix:
                        "Give the key this line stands for, e.g. \"KEY_PLAYPAUSE\" or \"BTN_0\"; the keys section maps "
                        + "it to actions.")
            }
            lines.append((offset, code))
        }
        guard lines.count <= maximumLines else {
            throw table.invalid(
                table.keys[maximumLines], problem: "more than \(maximumLines) GPIO lines",
                fix: "Use at most \(Format.counted(maximumLines, "line")).")
        }
        return lines
    }

    /// The key of the line at `offset`, if it is one of these.
    func code(offset: UInt32) -> Int? { lines.first { $0.offset == offset }?.code }
}
