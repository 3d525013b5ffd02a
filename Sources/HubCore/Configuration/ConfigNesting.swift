/// How deep the tables, keys and lists of a TOML text nest, found by a light scan before the text is parsed.
///
/// The TOML parser (toml++, inside TOMLKit) and the conversion to `ConfigValue` recurse once per level, so a file of
/// a few kilobytes such as `[a.a.a.…]`, `x = [[[[…]]]]` or `x = [{a.a.a.… = 1}]` overflows the stack and kills the
/// process (a hub that reloads on SIGHUP, mid-workout). toml++ recurses in four places, each bounded here:
/// - parsing a value: once per list (`[`) and inline table (`{`) inside another (toml++ stops at 256 itself);
/// - placing a dotted key (`a.b.c = 1`, also inside an inline table) and a header (`[a.b.c]`), which make one table
///   per part — toml++ sets no limit on the parts of a key;
/// - finishing the document (`update_region_ends`) and freeing it, once per level of the tree those make;
/// - and TOMLKit's and `ConfigValue`'s conversion, again once per level.
/// All four follow the depth of the tree, so that one count bounds them: a header's parts (an array of tables,
/// `[[a]]`, one more for its list), the parts of a dotted key below it, and each list or inline table opened in a
/// value, including the dotted keys inside inline tables. A level is a level of the tree: `a = { b = 1 }` is 2
/// deep, as `a.b = 1` is. Strings and comments are skipped exactly as TOML (and toml++) reads them, so a `[` or
/// `.` in them counts for nothing and nothing after them escapes the count: escapes in basic strings, none in
/// literal ones, and a multi-line string may end with up to two quotes of its own before its closing three
/// (`"""a""""` is `a"`).
///
/// The count is an upper bound of the parsed depth, except that a header part that names an array of tables made
/// by an earlier header (`[[a]]` then `[a.b]`) adds a level of its own: the tree is at most twice as deep as the
/// count, which is still far below what the stack can take.
///
/// Public for every other TOML text the hub parses (a program file).
public enum ConfigNesting {
    /// The hub's own settings go 6 deep (`[plugins.buttons.keys]`, a key, its inline table and a key in that); a
    /// program about 10 (repeats nested 4 deep, then a step's `messages = [{ … }]`); this leaves room.
    public static let deepest = 32

    private enum StringKind { case basic, literal, multilineBasic, multilineLiteral }

    /// What the scan finds that the parser must not be given.
    public enum Problem: Equatable, Sendable {
        /// The nesting goes deeper than the limit first on this line (1-based).
        case tooDeep(line: Int)
        /// A table header whose name does not begin with a key (`[.]`, `[[[a]]]`, `[` alone): toml++ takes for
        /// granted that it does (an assertion, which aborts a debug build; undefined behaviour in a release build).
        case headerWithoutName(line: Int)
        /// Where a list expects a value or its `]`, a `}` (`x = [}`), or anywhere outside strings and comments a
        /// Unicode line or paragraph separator or NEL: toml++ takes for granted that a list's value does not begin
        /// with what ends one (the same assertion as above).
        case listValueMissing(line: Int)
        /// An escape in a string value that makes a control character other than a tab or a line feed (`\u0000`, `\b`):
        /// the text it is in is not what a person would want shared, spoken or named, and TOMLKit cuts a string at
        /// a NUL without a word.
        case controlCharacter(line: Int, escape: String)
    }

    /// The 1-based line on which the nesting first goes deeper than `limit`, or nil when it never does (or when
    /// something else is wrong first).
    public static func firstLine(deeperThan limit: Int = deepest, in text: String) -> Int? {
        if case .tooDeep(let line) = firstProblem(deeperThan: limit, in: text) { return line }
        return nil
    }

    /// The first thing in `text` that the parser must not be given, or nil when there is none.
    public static func firstProblem(deeperThan limit: Int = deepest, in text: String) -> Problem? {
        let bytes = Array(text.utf8)
        var line = 1
        // A byte order mark, which toml++ skips: a header right after it is a header.
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var string: StringKind?
        /// Whether the open string is a key (whose control characters error messages show escaped), not a value.
        var stringIsKey = false
        /// Whether a list's next value (or its `]`) comes next: after `[` or `,` in a value.
        var expectingElement = false
        var inComment = false
        /// For each `[` or `{` open in a value, the depth of what it holds, and whether it is an inline table (`{`).
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
        /// The escape at `offset` (a backslash) if it makes a control character other than a tab or a line feed.
        func controlEscape(at offset: Int) -> String? {
            guard let letter = byte(at: offset + 1) else { return nil }
            switch letter {
            case UInt8(ascii: "b"), UInt8(ascii: "f"), UInt8(ascii: "r"):
                return "\\" + String(UnicodeScalar(letter))
            case UInt8(ascii: "u"), UInt8(ascii: "U"):
                let count = letter == UInt8(ascii: "u") ? 4 : 8
                let digits = (0..<count).compactMap { byte(at: offset + 2 + $0) }
                guard digits.count == count, let value = UInt32(String(decoding: digits, as: UTF8.self), radix: 16)
                else { return nil }
                let isControl = (value < 0x20 && value != 0x09 && value != 0x0A) || (0x7F...0x9F).contains(value)
                return isControl ? "\\" + String(UnicodeScalar(letter)) + String(decoding: digits, as: UTF8.self) : nil
            default:
                return nil
            }
        }
        /// A bare key's character (ASCII letters, digits, `-`, `_`) or a quote.
        func isKeyStart(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "\""),
                UInt8(ascii: "'"):
                true
            default: false
            }
        }
        /// How many of `quote` stand in a row from `offset`, counting at most 5 (as toml++ does).
        func run(of quote: UInt8, at offset: Int) -> Int {
            var count = 0
            while count < 5, byte(at: offset + count) == quote { count += 1 }
            return count
        }
        /// A key starts: at the top level one below the table, in an inline table at the depth of its contents.
        func startKey() {
            expectingKey = true
            keyStarted = false
            keyDepth = open.last?.depth ?? tableDepth + 1
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
                    if !stringIsKey, let escape = controlEscape(at: index) {
                        return .controlCharacter(line: line, escape: escape)
                    }
                    index += 1
                    if byte(at: index) == UInt8(ascii: "\n") { line += 1 }
                case (.basic, UInt8(ascii: "\"")), (.literal, UInt8(ascii: "'")):
                    string = nil
                case (.basic, UInt8(ascii: "\n")), (.literal, UInt8(ascii: "\n")):
                    string = nil  // not valid TOML; the parser says so
                case (.multilineBasic, UInt8(ascii: "\"")), (.multilineLiteral, UInt8(ascii: "'")):
                    // One or two quotes are text; three end the string, and up to two before those are its last
                    // characters: `"""a""""` is `a"`. A sixth quote is outside (and a syntax error).
                    let quotes = run(of: current, at: index)
                    if quotes >= 3 { string = nil }
                    index += quotes - 1
                default:
                    break
                }
                if current != UInt8(ascii: "\n") || string != nil { continue }
            }
            // U+0085, U+2028, U+2029: whitespace to toml++, never skipped as such, and no TOML outside a string.
            if (current == 0xC2 && byte(at: index + 1) == 0x85)
                || (current == 0xE2 && byte(at: index + 1) == 0x80
                    && (byte(at: index + 2) == 0xA8 || byte(at: index + 2) == 0xA9))
            {
                return .listValueMissing(line: line)
            }
            if expectingElement {
                switch current {
                case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n"), UInt8(ascii: "#"):
                    break
                case UInt8(ascii: "}"):
                    return .listValueMissing(line: line)
                default:
                    expectingElement = false
                }
            }
            switch current {
            case UInt8(ascii: "#"):
                inComment = true
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                // As toml++ decides: three quotes open a multi-line string, also where a key is expected (where
                // it is then an error).
                stringIsKey = expectingKey || inHeader
                if isTriple(current, at: index) {
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
                    if byte(at: index + 1) == UInt8(ascii: "[") {
                        // `[[a]]`: the list `a` and the table in it.
                        index += 1
                        tableDepth += 1
                    }
                    var name = index + 1
                    while byte(at: name) == UInt8(ascii: " ") || byte(at: name) == UInt8(ascii: "\t") { name += 1 }
                    if let first = byte(at: name), !isKeyStart(first), first != UInt8(ascii: "]") {
                        return .headerWithoutName(line: line)
                    }
                } else if !expectingKey && !inHeader {
                    valueDepth += 1
                    if valueDepth > limit { return .tooDeep(line: line) }
                    open.append((valueDepth, current == UInt8(ascii: "{")))
                    if current == UInt8(ascii: "{") { startKey() } else { expectingElement = true }
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
                    if tableDepth > limit { return .tooDeep(line: line) }
                } else if expectingKey {
                    keyDepth += 1
                    if keyDepth > limit { return .tooDeep(line: line) }
                }
            case UInt8(ascii: "="):
                if expectingKey {
                    if keyDepth > limit { return .tooDeep(line: line) }
                    expectingKey = false
                    valueDepth = keyDepth
                }
            case UInt8(ascii: ","):
                if let last = open.last {
                    if last.isTable {
                        startKey()
                    } else {
                        valueDepth = last.depth
                        expectingElement = true
                    }
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
