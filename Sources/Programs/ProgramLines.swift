import HubCore

/// The line on which each table and key of a program file stands, so that a message can name it.
///
/// TOMLKit does not report where values are, so the lines are found by a light scan of the text, as HubCore's
/// `ConfigSource` does, but with arrays of tables told apart: the second `[[steps]]` is `steps.#1`, and a
/// `[[steps.steps]]` after it belongs to that step. A key is found on its own line; inside an inline table or
/// list, on the line of the key that holds it.
struct ProgramLines: Sendable {
    private var lines: [String: Int] = [:]

    init(text: String) {
        var counts: [String: Int] = [:]
        var table: [String] = []
        var openMultilineString: String?
        var arrayDepth = 0
        let rawLines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
        for (index, rawLine) in rawLines.enumerated() {
            let number = index + 1
            if let delimiter = openMultilineString {
                if rawLine.contains(delimiter) { openMultilineString = nil }
                continue
            }
            let line = TOMLScanning.trimmed(TOMLScanning.strippingComment(rawLine))
            if arrayDepth > 0 {
                arrayDepth = max(0, arrayDepth + TOMLScanning.bracketBalance(line))
                continue
            }
            if line.hasPrefix("[[") {
                let parts = TOMLScanning.keyPath(line.dropFirst(2).prefix { $0 != "]" })
                guard let last = parts.last else { continue }
                let parent = Self.resolve(parts.dropLast(), counts: counts)
                let array = (parent + [last]).joined(separator: ".")
                let element = counts[array, default: 0]
                counts[array] = element + 1
                table = parent + [last, "#\(element)"]
                lines[table.joined(separator: ".")] = number
                if lines[array] == nil { lines[array] = number }
            } else if line.hasPrefix("[") {
                table = Self.resolve(TOMLScanning.keyPath(line.dropFirst().prefix { $0 != "]" })[...], counts: counts)
                lines[table.joined(separator: ".")] = number
            } else if let equals = TOMLScanning.firstIndexOutsideQuotes(of: "=", in: line) {
                let path = table + TOMLScanning.keyPath(line[..<equals])
                lines[path.joined(separator: ".")] = number
                let value = TOMLScanning.trimmed(line[line.index(after: equals)...])
                for delimiter in ["\"\"\"", "'''"] where value.hasPrefix(delimiter) {
                    if !value.dropFirst(3).contains(delimiter) { openMultilineString = delimiter }
                }
                if value.hasPrefix("[") { arrayDepth = max(0, TOMLScanning.bracketBalance(value)) }
            }
        }
    }

    /// The line of a path such as `["steps", "#1", "steps", "#0", "time"]`, or of the nearest table or key that
    /// holds it.
    func line(of path: [String]) -> Int? {
        var path = path
        while !path.isEmpty {
            if let line = lines[path.joined(separator: ".")] { return line }
            path.removeLast()
        }
        return nil
    }

    /// A header's parts with each array of tables named by its last element, as TOML reads `[[a.b]]`: `b` in the
    /// last `a`.
    private static func resolve(_ parts: ArraySlice<String>, counts: [String: Int]) -> [String] {
        var resolved: [String] = []
        for part in parts {
            resolved.append(part)
            if let count = counts[resolved.joined(separator: ".")] { resolved.append("#\(count - 1)") }
        }
        return resolved
    }
}
