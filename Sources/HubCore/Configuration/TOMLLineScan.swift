/// Where the keys and table headers of a TOML text stand, line by line, for ``TOMLKeyEdit``.
///
/// A light scan (`TOMLScanning`), not a parser: it follows comments, quoted strings (with their escapes), multi-line strings and
/// lists over several lines, which is all it takes to tell a key's line from a line inside a value. The text is
/// parsed properly after any edit.
struct TOMLLineScan {
    struct Key {
        /// The full dotted path, from the top of the file: `["plugins", "music", "volume"]`.
        let path: [String]
        /// 0-based.
        let index: Int
        /// Whether the value goes on past this line (a multi-line string or list).
        let spansLines: Bool
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
                if let header = currentHeader { headers[header].lastKeyLine = index }
                continue
            }
            let content = TOMLScanning.strippingComment(Substring(line))
            if arrayDepth > 0 {
                arrayDepth += TOMLScanning.bracketBalance(content)
                if let header = currentHeader { headers[header].lastKeyLine = index }
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
                    Key(path: table + TOMLScanning.keyPath(trimmed[..<equals]), index: index, spansLines: spans))
                if let header = currentHeader { headers[header].lastKeyLine = index }
            }
        }
    }
}
