/// How deep the tables, keys and lists of a TOML text nest, found by a light scan before the text is parsed.
///
/// The TOML parser (toml++, inside TOMLKit) and the conversion to `ConfigValue` both recurse once per level, so a
/// file of a few kilobytes such as `[a.a.a.…]` or `x = [[[[…]]]]` overflows the stack and kills the process (a hub
/// that reloads on SIGHUP, mid-workout). The scan counts, without recursion, every way TOML nests: the parts of a
/// table header (`[a.b.c]` is 3 deep), the parts of a dotted key below it, and each `[` or `{` opened in a value,
/// including dotted keys inside inline tables. Strings and comments are skipped, so a `[` or `.` in them counts
/// for nothing. The count is an upper bound of the parsed depth, which is all a guard needs.
enum ConfigNesting {
    /// The hub's own settings go 6 deep (`[plugins.buttons.keys]`, a key, its inline table and a key in that);
    /// this leaves room.
    static let deepest = 32

    private enum StringKind { case basic, literal, multilineBasic, multilineLiteral }

    /// The 1-based line on which the nesting first goes deeper than `limit`, or nil when it never does.
    static func firstLine(deeperThan limit: Int = deepest, in text: String) -> Int? {
        let bytes = Array(text.utf8)
        var line = 1
        var index = 0
        var string: StringKind?
        var inComment = false
        /// The depth of each `[` or `{` open in a value, and whether it is an inline table (`{`).
        var open: [(depth: Int, isTable: Bool)] = []
        var tableDepth = 0
        var inHeader = false
        var expectingKey = true
        var keyStarted = false
        var keyDepth = 0
        var valueDepth = 0

        func byte(at offset: Int) -> UInt8? { offset < bytes.count ? bytes[offset] : nil }
        func isTriple(_ quote: UInt8, at offset: Int) -> Bool {
            byte(at: offset + 1) == quote && byte(at: offset + 2) == quote
        }
        func startKey() {
            expectingKey = true
            keyStarted = false
            keyDepth = (open.last?.depth ?? tableDepth) + 1
        }

        startKey()
        while index < bytes.count {
            let current = bytes[index]
            defer { index += 1 }
            if current == UInt8(ascii: "\n") { line += 1 }
            if inComment {
                if current == UInt8(ascii: "\n") { inComment = false } else { continue }
            }
            if let kind = string {
                switch (kind, current) {
                case (.basic, UInt8(ascii: "\\")), (.multilineBasic, UInt8(ascii: "\\")):
                    // An escaped character, or (in a multi-line string) a line continuation.
                    index += 1
                    if byte(at: index) == UInt8(ascii: "\n") { line += 1 }
                case (.basic, UInt8(ascii: "\"")), (.literal, UInt8(ascii: "'")):
                    string = nil
                case (.basic, UInt8(ascii: "\n")), (.literal, UInt8(ascii: "\n")):
                    string = nil  // not valid TOML; the parser says so
                case (.multilineBasic, UInt8(ascii: "\"")) where isTriple(current, at: index),
                    (.multilineLiteral, UInt8(ascii: "'")) where isTriple(current, at: index):
                    string = nil
                    index += 2
                default:
                    break
                }
                if current != UInt8(ascii: "\n") || string != nil { continue }
            }
            switch current {
            case UInt8(ascii: "#"):
                inComment = true
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                let triple = !expectingKey && !inHeader && isTriple(current, at: index)
                if triple {
                    string = current == UInt8(ascii: "\"") ? .multilineBasic : .multilineLiteral
                    index += 2
                } else {
                    string = current == UInt8(ascii: "\"") ? .basic : .literal
                }
                keyStarted = true
            case UInt8(ascii: "\n"):
                if open.isEmpty {
                    inHeader = false
                    startKey()
                }
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                if expectingKey && !keyStarted && open.isEmpty && current == UInt8(ascii: "[") {
                    // A table header, `[a.b]` or `[[a.b]]`.
                    inHeader = true
                    expectingKey = false
                    tableDepth = 1
                    if byte(at: index + 1) == UInt8(ascii: "[") { index += 1 }
                } else if !expectingKey && !inHeader {
                    valueDepth += 1
                    if valueDepth > limit { return line }
                    open.append((valueDepth, current == UInt8(ascii: "{")))
                    if current == UInt8(ascii: "{") { startKey() }
                }
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                if inHeader {
                    inHeader = false
                } else if !open.isEmpty {
                    open.removeLast()
                    expectingKey = false
                    valueDepth = open.last?.depth ?? valueDepth
                }
            case UInt8(ascii: "."):
                if inHeader {
                    tableDepth += 1
                    if tableDepth > limit { return line }
                } else if expectingKey {
                    keyDepth += 1
                    if keyDepth > limit { return line }
                }
            case UInt8(ascii: "="):
                if expectingKey {
                    if keyDepth > limit { return line }
                    expectingKey = false
                    valueDepth = keyDepth
                }
            case UInt8(ascii: ","):
                if let last = open.last {
                    if last.isTable { startKey() } else { valueDepth = last.depth }
                }
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                break
            default:
                if expectingKey { keyStarted = true }
            }
        }
        return nil
    }
}
