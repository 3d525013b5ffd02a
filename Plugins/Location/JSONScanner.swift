/// Reads one JSON value from a line's bytes, in place, taking only what the caller asks for.
///
/// gpsd writes a few lines a second, each a flat object of which the plugin wants a dozen numbers and strings.
/// Foundation's `JSONDecoder` builds a tree of every value first and costs about 28 µs a line, most of the
/// location plugin's CPU in a workout; this scanner checks the same grammar (RFC 8259) and skips what is not asked
/// for without building anything.
///
/// ```swift
/// var scanner = JSONScanner(bytes)
/// try scanner.members { scanner, key in
///     if key == "mode" { mode = try scanner.int() } else { try scanner.skipValue() }
/// }
/// try scanner.end()
/// ```
struct JSONScanner {
    /// The line is not JSON, or a value is not of the type asked for.
    struct Malformed: Error, Equatable {}

    /// Deeper nesting than any gpsd report has is refused rather than followed.
    static let maximumDepth = 32

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// Calls `each` with every member's key of the object that comes next; `each` must read or skip the value.
    /// Keys are compared as written: gpsd's keys have no escapes, so a key with one matches nothing and is skipped.
    mutating func members(_ each: (inout JSONScanner, String) throws(Malformed) -> Void) throws(Malformed) {
        try expect(UInt8(ascii: "{"))
        if take(UInt8(ascii: "}")) { return }
        repeat {
            let key = try string()
            try expect(UInt8(ascii: ":"))
            try each(&self, key)
        } while take(UInt8(ascii: ","))
        try expect(UInt8(ascii: "}"))
    }

    /// Calls `each` for every element of the array that comes next; `each` must read or skip the element.
    mutating func elements(_ each: (inout JSONScanner) throws(Malformed) -> Void) throws(Malformed) {
        try expect(UInt8(ascii: "["))
        if take(UInt8(ascii: "]")) { return }
        repeat { try each(&self) } while take(UInt8(ascii: ","))
        try expect(UInt8(ascii: "]"))
    }

    /// Nothing but whitespace is left.
    mutating func end() throws(Malformed) {
        skipWhitespace()
        guard index == bytes.count else { throw Malformed() }
    }

    /// Whether the next value is `null` (which is then read).
    mutating func null() throws(Malformed) -> Bool {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "n") else { return false }
        try literal("null")
        return true
    }

    /// What the next byte opens: `"` for a string, a digit or `-` for a number, and so on; nil at the end.
    mutating func peek() -> UInt8? {
        skipWhitespace()
        return index < bytes.count ? bytes[index] : nil
    }

    /// A number, or nil for `null`; a value of another type is malformed.
    mutating func optionalDouble() throws(Malformed) -> Double? { try null() ? nil : double() }

    /// A whole number, or nil for `null`.
    mutating func optionalInt() throws(Malformed) -> Int? {
        guard let value = try optionalDouble() else { return nil }
        guard value == value.rounded(), abs(value) < 0x1p53 else { throw Malformed() }
        return Int(value)
    }

    /// A string, or nil for `null`.
    mutating func optionalString() throws(Malformed) -> String? { try null() ? nil : string() }

    /// `true` or `false`, or nil for `null`.
    mutating func optionalBool() throws(Malformed) -> Bool? {
        switch peek() {
        case UInt8(ascii: "t"):
            try literal("true")
            return true
        case UInt8(ascii: "f"):
            try literal("false")
            return false
        case UInt8(ascii: "n"):
            try literal("null")
            return nil
        default: throw Malformed()
        }
    }

    mutating func double() throws(Malformed) -> Double {
        skipWhitespace()
        let start = index
        _ = take(byte: UInt8(ascii: "-"))
        // An integer part with no leading zero, then an optional fraction and exponent, each with a digit.
        if take(byte: UInt8(ascii: "0")) {
        } else if digits() == 0 {
            throw Malformed()
        }
        if take(byte: UInt8(ascii: ".")), digits() == 0 { throw Malformed() }
        if take(byte: UInt8(ascii: "e")) || take(byte: UInt8(ascii: "E")) {
            if !take(byte: UInt8(ascii: "+")) { _ = take(byte: UInt8(ascii: "-")) }
            if digits() == 0 { throw Malformed() }
        }
        // At most about 25 bytes for any number gpsd writes: a small String, no allocation.
        guard let value = Double(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)),
            value.isFinite
        else { throw Malformed() }
        return value
    }

    mutating func string() throws(Malformed) -> String {
        try expect(UInt8(ascii: "\""))
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index - 1]), as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") {
                index = start
                return try escapedString()
            }
            guard byte >= 0x20 else { throw Malformed() }
            index += 1
        }
        throw Malformed()
    }

    /// Skips the next value of any type, checking its grammar.
    mutating func skipValue(depth: Int = 0) throws(Malformed) {
        guard depth < Self.maximumDepth else { throw Malformed() }
        switch peek() {
        case UInt8(ascii: "{"): try members { scanner, _ throws(Malformed) in try scanner.skipValue(depth: depth + 1) }
        case UInt8(ascii: "["): try elements { scanner throws(Malformed) in try scanner.skipValue(depth: depth + 1) }
        case UInt8(ascii: "\""): _ = try string()
        case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"): _ = try optionalBool()
        case .some: _ = try double()
        case nil: throw Malformed()
        }
    }

    // MARK: - Pieces

    private mutating func escapedString() throws(Malformed) -> String {
        var decoded: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                return String(decoding: decoded, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard index < bytes.count else { throw Malformed() }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded.append(escape)
                case UInt8(ascii: "b"): decoded.append(0x08)
                case UInt8(ascii: "f"): decoded.append(0x0C)
                case UInt8(ascii: "n"): decoded.append(0x0A)
                case UInt8(ascii: "r"): decoded.append(0x0D)
                case UInt8(ascii: "t"): decoded.append(0x09)
                case UInt8(ascii: "u"): decoded.append(contentsOf: try unicodeEscape())
                default: throw Malformed()
                }
            default:
                guard byte >= 0x20 else { throw Malformed() }
                decoded.append(byte)
            }
        }
        throw Malformed()
    }

    /// The UTF-8 of a `\uXXXX` escape (after `\u`), joining a surrogate pair.
    private mutating func unicodeEscape() throws(Malformed) -> [UInt8] {
        var scalar = try hexQuad()
        if (0xD800..<0xDC00).contains(scalar) {
            guard take(byte: UInt8(ascii: "\\")), take(byte: UInt8(ascii: "u")) else { throw Malformed() }
            let low = try hexQuad()
            guard (0xDC00..<0xE000).contains(low) else { throw Malformed() }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
        }
        guard let unicode = Unicode.Scalar(scalar) else { throw Malformed() }
        return Array(String(Character(unicode)).utf8)
    }

    private mutating func hexQuad() throws(Malformed) -> UInt32 {
        guard index + 4 <= bytes.count else { throw Malformed() }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            index += 1
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw Malformed()
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// Reads a run of digits and says how many there were.
    private mutating func digits() -> Int {
        let start = index
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
        return index - start
    }

    private mutating func literal(_ word: StaticString) throws(Malformed) {
        skipWhitespace()
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw Malformed() }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] { throw Malformed() }
        index += count
    }

    private mutating func expect(_ byte: UInt8) throws(Malformed) {
        guard take(byte) else { throw Malformed() }
    }

    /// Reads `byte` after any whitespace if it comes next.
    private mutating func take(_ byte: UInt8) -> Bool {
        skipWhitespace()
        return take(byte: byte)
    }

    /// Reads `byte` if it is the very next one.
    private mutating func take(byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): index += 1
            default: return
            }
        }
    }
}
