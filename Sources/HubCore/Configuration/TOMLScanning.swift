/// The light reading of TOML text that works line by line without parsing: where a comment starts, where a key ends,
/// how deep in lists a line leaves off, what dotted key a header names. Quoted strings are followed, with a basic
/// string's `\"` escape, so that a `#`, `=`, `.` or `[` inside one is text.
///
/// Shared by every line-by-line reader: the configuration's line numbers (`ConfigSource`), its comment-keeping edit
/// (`TOMLLineScan`, `TOMLKeyEdit`), and the program files' (`ProgramLines`). Each then parses properly with TOMLKit.
public enum TOMLScanning {
    /// The first `character` that is not inside a quoted string.
    public static func firstIndexOutsideQuotes(of character: Character, in text: Substring) -> Substring.Index? {
        firstIndexOutsideQuotes(in: text) { $0 == character }
    }

    /// The line without its `# comment`; a `#` inside quotes is text.
    public static func strippingComment(_ line: Substring) -> Substring {
        firstIndexOutsideQuotes(of: "#", in: line).map { line[..<$0] } ?? line
    }

    /// `[` less `]` outside quoted strings: how many lists the text leaves open.
    public static func bracketBalance(_ text: Substring) -> Int {
        var balance = 0
        var rest = text
        while let index = firstIndexOutsideQuotes(in: rest, where: { $0 == "[" || $0 == "]" }) {
            balance += rest[index] == "[" ? 1 : -1
            rest = rest[rest.index(after: index)...]
        }
        return balance
    }

    /// `a."b.c" . d` is `["a", "b.c", "d"]`.
    public static func keyPath(_ text: Substring) -> [String] {
        var parts: [Substring] = []
        var rest = text
        while let dot = firstIndexOutsideQuotes(of: ".", in: rest) {
            parts.append(rest[..<dot])
            rest = rest[rest.index(after: dot)...]
        }
        parts.append(rest)
        return parts.map { part in
            var key = trimmed(part)
            if key.count >= 2, let first = key.first, first == "\"" || first == "'", key.last == first {
                key = key.dropFirst().dropLast()
            }
            return String(key)
        }
    }

    /// Without the white space at either end.
    public static func trimmed(_ text: Substring) -> Substring {
        let start = text.firstIndex { !$0.isWhitespace } ?? text.endIndex
        let end = text.lastIndex { !$0.isWhitespace }.map { text.index(after: $0) } ?? start
        return start < end ? text[start..<end] : text[start..<start]
    }

    private static func firstIndexOutsideQuotes(in text: Substring, where matches: (Character) -> Bool)
        -> Substring.Index?
    {
        var quote: Character?
        var escaped = false
        for index in text.indices {
            let current = text[index]
            if let open = quote {
                if escaped {
                    escaped = false
                } else if current == "\\" && open == "\"" {
                    escaped = true
                } else if current == open {
                    quote = nil
                }
            } else if current == "\"" || current == "'" {
                quote = current
            } else if matches(current) {
                return index
            }
        }
        return nil
    }
}
