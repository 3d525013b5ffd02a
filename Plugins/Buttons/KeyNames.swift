import Foundation

/// Linux key names (`KEY_ENTER`, `BTN_0`) and their codes, from `<linux/input-event-codes.h>`.
///
/// The keys a button, a keyboard, a presenter or a media remote is likely to send; any other key is written as its
/// number (`0x2c5` or `709`). `stayfit buttons test` shows the name or number of each key pressed.
enum KeyNames {
    /// The largest key code (`KEY_MAX`).
    static let maximumCode = 0x2ff

    /// Name and code, in the header's order.
    static let table: [(name: String, code: Int)] = [
        ("KEY_ESC", 1), ("KEY_0", 11), ("KEY_1", 2), ("KEY_2", 3), ("KEY_3", 4), ("KEY_4", 5), ("KEY_5", 6),
        ("KEY_6", 7), ("KEY_7", 8), ("KEY_8", 9), ("KEY_9", 10), ("KEY_BACKSPACE", 14), ("KEY_TAB", 15),
        ("KEY_ENTER", 28), ("KEY_SPACE", 57), ("KEY_A", 30), ("KEY_B", 48), ("KEY_C", 46), ("KEY_D", 32),
        ("KEY_E", 18), ("KEY_F", 33), ("KEY_G", 34), ("KEY_H", 35), ("KEY_I", 23), ("KEY_J", 36), ("KEY_K", 37),
        ("KEY_L", 38), ("KEY_M", 50), ("KEY_N", 49), ("KEY_O", 24), ("KEY_P", 25), ("KEY_Q", 16), ("KEY_R", 19),
        ("KEY_S", 31), ("KEY_T", 20), ("KEY_U", 22), ("KEY_V", 47), ("KEY_W", 17), ("KEY_X", 45), ("KEY_Y", 21),
        ("KEY_Z", 44), ("KEY_F1", 59), ("KEY_F2", 60), ("KEY_F3", 61), ("KEY_F4", 62), ("KEY_F5", 63), ("KEY_F6", 64),
        ("KEY_F7", 65), ("KEY_F8", 66), ("KEY_F9", 67), ("KEY_F10", 68), ("KEY_F11", 87), ("KEY_F12", 88),
        ("KEY_HOME", 102), ("KEY_UP", 103), ("KEY_PAGEUP", 104), ("KEY_LEFT", 105), ("KEY_RIGHT", 106),
        ("KEY_END", 107), ("KEY_DOWN", 108), ("KEY_PAGEDOWN", 109), ("KEY_INSERT", 110), ("KEY_DELETE", 111),
        ("KEY_MUTE", 113), ("KEY_VOLUMEDOWN", 114), ("KEY_VOLUMEUP", 115), ("KEY_POWER", 116), ("KEY_PAUSE", 119),
        ("KEY_STOP", 128), ("KEY_MENU", 139), ("KEY_BACK", 158), ("KEY_FORWARD", 159), ("KEY_NEXTSONG", 163),
        ("KEY_PLAYPAUSE", 164), ("KEY_PREVIOUSSONG", 165), ("KEY_STOPCD", 166), ("KEY_REWIND", 168),
        ("KEY_PLAYCD", 200), ("KEY_PAUSECD", 201), ("KEY_PLAY", 207), ("KEY_FASTFORWARD", 208), ("KEY_MEDIA", 226),
        ("KEY_OK", 352), ("KEY_SELECT", 353), ("KEY_PROG1", 148), ("KEY_PROG2", 149), ("KEY_PROG3", 202),
        ("KEY_PROG4", 203), ("KEY_NEXT", 407), ("KEY_PREVIOUS", 412), ("BTN_0", 256), ("BTN_1", 257), ("BTN_2", 258),
        ("BTN_3", 259), ("BTN_4", 260), ("BTN_5", 261), ("BTN_6", 262), ("BTN_7", 263), ("BTN_8", 264),
        ("BTN_9", 265), ("BTN_LEFT", 272), ("BTN_RIGHT", 273), ("BTN_MIDDLE", 274), ("BTN_SOUTH", 304),
        ("BTN_EAST", 305), ("BTN_NORTH", 307), ("BTN_WEST", 308), ("BTN_START", 315), ("BTN_SELECT", 314),
        ("BTN_TRIGGER_HAPPY1", 704), ("BTN_TRIGGER_HAPPY2", 705), ("BTN_TRIGGER_HAPPY3", 706),
        ("BTN_TRIGGER_HAPPY4", 707), ("BTN_TRIGGER_HAPPY5", 708), ("BTN_TRIGGER_HAPPY6", 709),
        ("BTN_TRIGGER_HAPPY7", 710), ("BTN_TRIGGER_HAPPY8", 711), ("BTN_TRIGGER_HAPPY9", 712),
        ("BTN_TRIGGER_HAPPY10", 713), ("BTN_TRIGGER_HAPPY11", 714), ("BTN_TRIGGER_HAPPY12", 715),
        ("BTN_TRIGGER_HAPPY13", 716), ("BTN_TRIGGER_HAPPY14", 717), ("BTN_TRIGGER_HAPPY15", 718),
        ("BTN_TRIGGER_HAPPY16", 719), ("BTN_TRIGGER_HAPPY17", 720), ("BTN_TRIGGER_HAPPY18", 721),
        ("BTN_TRIGGER_HAPPY19", 722), ("BTN_TRIGGER_HAPPY20", 723),
    ]

    private static let codes: [String: Int] = Dictionary(
        table.map { ($0.name, $0.code) }, uniquingKeysWith: { a, _ in a })
    private static let names: [Int: String] = Dictionary(
        table.map { ($0.code, $0.name) }, uniquingKeysWith: { a, _ in a })

    /// The code of `text`: a name (any case), a decimal number or a `0x` hexadecimal number from 0 to `KEY_MAX`.
    static func code(_ text: String) -> Int? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let code = codes[trimmed.uppercased()] { return code }
        let number: Int?
        if trimmed.lowercased().hasPrefix("0x") {
            number = Int(trimmed.dropFirst(2), radix: 16)
        } else {
            number = trimmed.allSatisfy(\.isASCII) ? Int(trimmed) : nil
        }
        guard let number, (0...maximumCode).contains(number) else { return nil }
        return number
    }

    /// `KEY_PLAYPAUSE (164)`, or `key 709` for a code without a name here.
    static func describe(_ code: Int) -> String {
        names[code].map { "\($0) (\(code))" } ?? "key \(code)"
    }

    /// The name alone, or the number.
    static func name(_ code: Int) -> String { names[code] ?? "\(code)" }
}
