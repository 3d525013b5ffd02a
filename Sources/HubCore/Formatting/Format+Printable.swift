extension Format {
    /// `text` made safe to echo on a terminal or in a log: control characters are escaped (`\n`, `\u{1B}`),
    /// and past `limit` characters it is cut short with `…`.
    ///
    /// For anything the hub did not write itself and shows back: a value from the configuration file, a name
    /// typed on the command line, a line typed on the console, a Bluetooth device's name. A raw escape
    /// sequence could otherwise move the cursor, recolour or clear the terminal, or forge a log line.
    ///
    /// - Parameters:
    ///   - text: What to show.
    ///   - limit: The most characters to keep, or nil to keep them all (a console line).
    public static func printable(_ text: String, limit: Int? = 60) -> String {
        // The usual case, a short plain line, as it is.
        if limit.map({ text.utf8.count <= $0 }) ?? true, !text.unicodeScalars.contains(where: { escapeCode($0) != nil })
        {
            return text
        }
        var result = ""
        var characters = 0
        var scalars = 0
        for character in text {
            if let limit, characters == limit { return result + "…" }
            characters += 1
            for scalar in character.unicodeScalars {
                // A limit on scalars too: one character may carry any number of combining marks.
                if let limit, scalars == 4 * limit { return result + "…" }
                scalars += 1
                if let code = escapeCode(scalar) { result += code } else { result.unicodeScalars.append(scalar) }
            }
        }
        return result
    }

    /// How `scalar` is shown, or nil when it is shown as itself.
    private static func escapeCode(_ scalar: Unicode.Scalar) -> String? {
        switch scalar {
        case "\n": return "\\n"
        case "\r": return "\\r"
        case "\t": return "\\t"
        default: break
        }
        // Printable ASCII, the bulk of any text, needs no lookup.
        if (0x20...0x7E).contains(scalar.value) { return nil }
        switch scalar.properties.generalCategory {
        // C0 and C1 controls (ESC, BEL, backspace, CSI …), line and paragraph separators.
        case .control, .lineSeparator, .paragraphSeparator:
            return "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        default:
            break
        }
        // Bidirectional overrides and isolates reorder what follows them on screen.
        if (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value) {
            return "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        }
        return nil
    }
}
