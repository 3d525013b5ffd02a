/// A configuration file's name and the line on which each key and table header stands.
///
/// The TOML parser does not report positions of values, so the lines are found by a light scan of the text:
/// table headers (`[plugins.simulator]`) and `key = value` lines, skipping comments, multi-line strings
/// and multi-line arrays.
public struct ConfigSource: Sendable {
    /// The file as the user named it, or a description such as "built-in defaults".
    public let file: String
    private let lines: [String: Int]

    /// Indexes `text`, shown to the user as `file`.
    public init(file: String, text: String) {
        self.file = file
        var lines: [String: Int] = [:]
        var table: [String] = []
        var openMultilineString: String?
        var arrayDepth = 0
        for (index, rawLine) in text.split(omittingEmptySubsequences: false, whereSeparator: Self.isLineBreak)
            .enumerated()
        {
            let number = index + 1
            var line = Substring(rawLine)
            if let delimiter = openMultilineString {
                if line.contains(delimiter) { openMultilineString = nil }
                continue
            }
            line = TOMLScanning.strippingComment(line)
            let trimmed = line.trimmingWhitespace()
            if arrayDepth > 0 {
                arrayDepth += TOMLScanning.bracketBalance(trimmed)
                continue
            }
            if trimmed.hasPrefix("[[") {
                table = TOMLScanning.keyPath(trimmed.dropFirst(2).prefix { $0 != "]" })
                Self.noteImplicitTables(of: table, at: number, in: &lines)
                lines[table.joined(separator: "."), default: number] = number
            } else if trimmed.hasPrefix("[") {
                table = TOMLScanning.keyPath(trimmed.dropFirst().prefix { $0 != "]" })
                Self.noteImplicitTables(of: table, at: number, in: &lines)
                lines[table.joined(separator: ".")] = number
            } else if let equals = TOMLScanning.firstIndexOutsideQuotes(of: "=", in: trimmed) {
                let path = table + TOMLScanning.keyPath(trimmed[..<equals])
                Self.noteImplicitTables(of: path, at: number, in: &lines)
                lines[path.joined(separator: ".")] = number
                let value = trimmed[trimmed.index(after: equals)...].trimmingWhitespace()
                for delimiter in ["\"\"\"", "'''"] where value.hasPrefix(delimiter) {
                    if !value.dropFirst(3).contains(delimiter) { openMultilineString = delimiter }
                }
                if value.hasPrefix("[") { arrayDepth = max(0, TOMLScanning.bracketBalance(value)) }
            }
        }
        self.lines = lines
    }

    /// The line of a dotted key path such as `plugins.simulator.file`, or of its table header.
    public func line(of keyPath: [String]) -> Int? {
        var path = keyPath
        while !path.isEmpty {
            if let line = lines[path.joined(separator: ".")] { return line }
            path.removeLast()
        }
        return nil
    }

    /// A line ends with LF or CRLF, as in TOML. Swift reads "\r\n" as one `Character`, which a split on "\n"
    /// alone would not see: a file saved on Windows would be one long line.
    static func isLineBreak(_ character: Character) -> Bool { character == "\n" || character == "\r\n" }

    /// `[a.b]` and `a.b = 1` make the table `a` without naming it on a line of its own: it is found on the first
    /// line that makes it, unless a header of its own (`[a]`, which replaces this) comes.
    private static func noteImplicitTables(of path: [String], at number: Int, in lines: inout [String: Int]) {
        var prefix = ""
        for part in path.dropLast() {
            prefix += prefix.isEmpty ? part : "." + part
            if lines[prefix] == nil { lines[prefix] = number }
        }
    }
}

extension Substring {
    func trimmingWhitespace() -> Substring {
        let start = firstIndex { !$0.isWhitespace } ?? endIndex
        let end = lastIndex { !$0.isWhitespace }.map { index(after: $0) } ?? start
        return start < end ? self[start..<end] : self[start..<start]
    }
}
