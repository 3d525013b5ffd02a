import Foundation

/// The ways a program file writes times, paces, distances and numbers, read and written alike, so that what is
/// written is read back to the same value.
enum ProgramText {
    // MARK: - Times

    /// Seconds from "1:30" (minutes and seconds), "1:02:03" (hours too), "45 s", "5 min" or "1 h"; nil for
    /// anything else, a negative time included.
    static func seconds(_ text: String) -> Int? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.contains(":") {
            let parts = trimmed.split(separator: ":", omittingEmptySubsequences: false)
            guard (2...3).contains(parts.count), let numbers = wholeNumbers(parts) else { return nil }
            // The first part may be any size ("90:00"); the others are two digits below 60.
            guard parts.dropFirst().allSatisfy({ $0.count == 2 }), numbers.dropFirst().allSatisfy({ $0 < 60 })
            else { return nil }
            return numbers.reduce(0) { $0 * 60 + $1 }
        }
        // Longer words first: "5 minutes" also ends with "s".
        let units: [(suffix: String, seconds: Int)] = [
            ("minutes", 60), ("seconds", 1), ("minute", 60), ("second", 1), ("hours", 3600), ("hour", 3600),
            ("min", 60), ("sec", 1), ("s", 1), ("h", 3600),
        ]
        for unit in units where trimmed.hasSuffix(unit.suffix) {
            let number = trimmed.dropLast(unit.suffix.count).trimmingCharacters(in: .whitespaces)
            guard let value = wholeNumbers([Substring(number)])?.first else { return nil }
            return value * unit.seconds
        }
        return nil
    }

    /// "45 s" under a minute, else "1:30" or "1:02:03".
    static func time(seconds: Int) -> String {
        seconds < 60 ? "\(seconds) s" : clock(seconds: seconds)
    }

    /// "1:30" or "1:02:03".
    static func clock(seconds: Int) -> String {
        let hours = seconds / 3600, minutes = seconds / 60 % 60, rest = seconds % 60
        func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return hours > 0 ? "\(hours):\(twoDigits(minutes)):\(twoDigits(rest))" : "\(minutes):\(twoDigits(rest))"
    }

    /// Whole numbers of at most 6 digits each, so that no product of them overflows; nil if any part is not one.
    private static func wholeNumbers(_ parts: [Substring]) -> [Int]? {
        var numbers: [Int] = []
        for part in parts {
            guard (1...6).contains(part.count), part.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(part)
            else { return nil }
            numbers.append(number)
        }
        return numbers
    }

    // MARK: - Paces and distances

    /// Seconds per kilometre from "4:00 /km", "4:00/km", "4:00 min/km" or "4:00".
    static func pace(_ text: String) -> Int? {
        var trimmed = text.trimmingCharacters(in: .whitespaces)
        for suffix in ["min/km", "/km"] where trimmed.hasSuffix(suffix) {
            trimmed = String(trimmed.dropLast(suffix.count)).trimmingCharacters(in: .whitespaces)
            break
        }
        guard trimmed.contains(":") else { return nil }
        return seconds(trimmed)
    }

    /// "4:00 /km".
    static func pace(secondsPerKilometer: Int) -> String { clock(seconds: secondsPerKilometer) + " /km" }

    /// Whole metres from "400 m", "400m", "5 km" or "1.5 km"; nil for anything else or a negative distance.
    static func meters(_ text: String) -> Int? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        for (suffix, factor) in [("km", 1000.0), ("m", 1.0)] where trimmed.hasSuffix(suffix) {
            let number = trimmed.dropLast(suffix.count).trimmingCharacters(in: .whitespaces)
            guard number.count <= 12, number.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
                let value = Double(number), value.isFinite
            else { return nil }
            return Int((value * factor).rounded())
        }
        return nil
    }

    /// "400 m", or "5 km" for whole kilometres.
    static func distance(meters: Int) -> String {
        meters >= 1000 && meters % 1000 == 0 ? "\(meters / 1000) km" : "\(meters) m"
    }

    // MARK: - Numbers and strings

    /// `60` for a whole number, else the shortest text that reads back as the same number: `62.5`.
    static func number(_ value: Double) -> String {
        if value.rounded() == value, abs(value) < 1e15 { return String(Int(value)) }
        return value.description
    }

    /// `text` safe to print in a message: control characters escaped, and cut to `limit` characters (then `…`).
    static func printable(_ text: String, limit: Int = 60) -> String {
        var result = ""
        var count = 0
        for character in text {
            if count == limit { return result + "…" }
            count += 1
            if character == "\n" {
                result += "\\n"
            } else if character == "\t" {
                result += "\\t"
            } else if character.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
                for scalar in character.unicodeScalars { result += "\\u{" + hex(scalar.value, digits: 1) + "}" }
            } else {
                result.append(character)
            }
        }
        return result
    }

    /// A value from a file, quoted for a message: `"-1:30"`.
    static func quoted(_ text: String) -> String { "\"" + printable(text) + "\"" }

    private static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
