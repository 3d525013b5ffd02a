/// Where the keys and table headers of a TOML text stand, line by line, for ``TOMLKeyEdit``.
///
/// A light scan, not a parser: it follows comments, quoted strings (with their escapes), multi-line strings and
/// lists over several lines, which is all it takes to tell a key's line from a line inside a value. The text is
/// parsed properly after any edit.
struct TOMLLineScan {
    struct Key {
        /// The full dotted path, from the top of the file: `["plugins", "music", "volume"]`.
        let path: [String]
        /// The table of the header it is written under (`[]` before any header): `music.volume` under `[plugins]`.
        let table: [String]
        /// 0-based.
        let index: Int
        /// Whether the value goes on past this line (a multi-line string or list).
        let spansLines: Bool
        /// The line its value ends on.
        var lastLine: Int
    }

    struct Header {
        let path: [String]
        let index: Int
        /// The last line of the last key written under this header (its value's last line), nil when none is.
        var lastKeyLine: Int?
    }

    private(set) var keys: [Key] = []
    private(set) var headers: [Header] = []

    init(_ lines: [String]) {
        var table: [String] = []
        var openString: String?
        var arrayDepth = 0
        var currentHeader: Int?
        for (index, line) in lines.enumerated() {
            if let delimiter = openString {
                if line.contains(delimiter) { openString = nil }
                continuing(to: index, header: currentHeader)
                continue
            }
            // A byte order mark some editors put first is no part of the first line's header or key.
            let characters = Array(index == 0 && line.first == "\u{FEFF}" ? String(line.dropFirst()) : line)
            let content = characters[..<(Self.firstOutsideStrings("#", in: characters[...]) ?? characters.endIndex)]
            if arrayDepth > 0 {
                arrayDepth += Self.bracketBalance(content)
                continuing(to: index, header: currentHeader)
                continue
            }
            let trimmed = Substring(String(content)).trimmingWhitespace()
            if trimmed.hasPrefix("[[") {
                // An array of tables: its keys belong to none of the tables this type edits.
                table = ["[["] + Self.keyPath(trimmed.dropFirst(2).prefix { $0 != "]" })
                currentHeader = nil
            } else if trimmed.hasPrefix("[") {
                table = Self.keyPath(trimmed.dropFirst().prefix { $0 != "]" })
                headers.append(Header(path: table, index: index))
                currentHeader = headers.count - 1
            } else if let equals = Self.firstOutsideStrings("=", in: Array(trimmed)[...]) {
                let keyText = trimmed.prefix(equals)
                let value = trimmed.dropFirst(equals + 1).trimmingWhitespace()
                var spans = false
                for delimiter in ["\"\"\"", "'''"] where value.hasPrefix(delimiter) {
                    if !value.dropFirst(3).contains(delimiter) {
                        openString = delimiter
                        spans = true
                    }
                }
                if value.hasPrefix("[") {
                    arrayDepth = max(0, Self.bracketBalance(Array(value)[...]))
                    spans = arrayDepth > 0
                }
                keys.append(
                    Key(
                        path: table + Self.keyPath(keyText), table: table, index: index, spansLines: spans,
                        lastLine: index))
                if let header = currentHeader { headers[header].lastKeyLine = index }
            }
        }
    }

    /// A line inside the last key's value: that key, and its header's keys, end on it at least.
    private mutating func continuing(to index: Int, header: Int?) {
        if !keys.isEmpty { keys[keys.count - 1].lastLine = index }
        if let header { headers[header].lastKeyLine = index }
    }

    /// The position of the first `character` outside quoted strings; a basic string's `\"` does not end it.
    static func firstOutsideStrings(_ character: Character, in text: ArraySlice<Character>) -> Int? {
        firstOutsideStrings(where: { $0 == character }, in: text)
    }

    private static func firstOutsideStrings(where matches: (Character) -> Bool, in text: ArraySlice<Character>)
        -> Int?
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

    /// `[` less `]` outside quoted strings.
    private static func bracketBalance(_ text: ArraySlice<Character>) -> Int {
        var balance = 0
        var rest = text
        while let index = firstOutsideStrings(where: { $0 == "[" || $0 == "]" }, in: rest) {
            balance += rest[index] == "[" ? 1 : -1
            rest = rest[(index + 1)...]
        }
        return balance
    }

    /// `a."b.c" . d` → `["a", "b.c", "d"]`.
    private static func keyPath<Text: StringProtocol>(_ text: Text) -> [String] {
        var parts: [String] = []
        var rest = Array(text)[...]
        while let dot = firstOutsideStrings(".", in: rest) {
            parts.append(String(rest[rest.startIndex..<dot]))
            rest = rest[(dot + 1)...]
        }
        parts.append(String(rest))
        return parts.map { part in
            var key = Substring(part).trimmingWhitespace()
            if key.count >= 2, let first = key.first, first == "\"" || first == "'", key.last == first {
                key = key.dropFirst().dropLast()
            }
            return String(key)
        }
    }
}
