/// Where the keys and table headers of a TOML text stand, line by line, for ``TOMLKeyEdit``.
///
/// A light scan (`TOMLScanning`), not a parser: it follows comments, quoted strings (with their escapes),
/// multi-line strings and lists over several lines, which is all it takes to tell a key's line from a line inside a
/// value. The text is parsed properly after any edit.
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
            let text = index == 0 && line.first == "\u{FEFF}" ? line.dropFirst() : Substring(line)
            let content = TOMLScanning.strippingComment(text)
            if arrayDepth > 0 {
                arrayDepth += TOMLScanning.bracketBalance(content)
                continuing(to: index, header: currentHeader)
                continue
            }
            let trimmed = TOMLScanning.trimmed(content)
            if trimmed.hasPrefix("[[") {
                // An array of tables: its keys belong to none of the tables this type edits.
                table = ["[["] + TOMLScanning.keyPath(trimmed.dropFirst(2).prefix { $0 != "]" })
                currentHeader = nil
            } else if trimmed.hasPrefix("[") {
                table = TOMLScanning.keyPath(trimmed.dropFirst().prefix { $0 != "]" })
                headers.append(Header(path: table, index: index))
                currentHeader = headers.count - 1
            } else if let equals = TOMLScanning.firstIndexOutsideQuotes(of: "=", in: trimmed) {
                let value = TOMLScanning.trimmed(trimmed[trimmed.index(after: equals)...])
                var spans = false
                for delimiter in ["\"\"\"", "'''"] where value.hasPrefix(delimiter) {
                    if !value.dropFirst(3).contains(delimiter) {
                        openString = delimiter
                        spans = true
                    }
                }
                if value.hasPrefix("[") {
                    arrayDepth = max(0, TOMLScanning.bracketBalance(value))
                    spans = arrayDepth > 0
                }
                keys.append(
                    Key(
                        path: table + TOMLScanning.keyPath(trimmed[..<equals]), table: table, index: index,
                        spansLines: spans, lastLine: index))
                if let header = currentHeader { headers[header].lastKeyLine = index }
            }
        }
    }

    /// A line inside the last key's value: that key, and its header's keys, end on it at least.
    private mutating func continuing(to index: Int, header: Int?) {
        if !keys.isEmpty { keys[keys.count - 1].lastLine = index }
        if let header { headers[header].lastKeyLine = index }
    }
}
