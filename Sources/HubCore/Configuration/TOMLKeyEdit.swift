import Foundation

/// Sets keys of one table in a TOML file's text and leaves every other byte as it was: the person's comments, blank
/// lines, order and spacing stay, and a key's own comment on its line stays after its new value.
///
/// A parse and re-serialisation (TOMLKit's) would drop every comment, and the configuration file is mostly comments.
/// So the text is edited line by line:
/// - a key already in the file gets its value replaced on its line, wherever it is written (under its table's
///   header or as a dotted key);
/// - a key not in the file goes after the last key under its table's header (the deepest one: `playlists.run` under
///   `[plugins.music.playlists]` when there is one), or, when the table is written as dotted keys (`music.volume`
///   under `[plugins]`), after the last of them, written the same way;
/// - a table written nowhere gets a header of its own, with the key, at the end of the file;
/// - a key inside a table written on one line (`music = { volume = 70 }`) is refused: that line is the person's.
///
/// The caller parses the result before using it (a dotted-key table that a header may not extend, say): this type
/// only writes text.
///
/// ```swift
/// let text = try TOMLKeyEdit(text: file).setting(["volume"], to: .integer(60), in: ["plugins", "music"]).text
/// ```
public struct TOMLKeyEdit: Sendable {
    /// The text with the edits so far.
    public private(set) var text: String

    public init(text: String) { self.text = text }

    /// Why a key could not be set by a one-line edit.
    public enum Failure: Error, Equatable, CustomStringConvertible {
        /// The key's current value runs over several lines (a multi-line string or list) from this line.
        case valueOnSeveralLines(key: String, line: Int)
        /// Only strings, numbers and true or false are written.
        case unsupportedValue(key: String)
        /// The key's table is written on one line, `key = { … }`, on this line.
        case tableOnOneLine(key: String, table: String, line: Int)

        public var description: String {
            switch self {
            case .valueOnSeveralLines(let key, let line):
                "\(key) on line \(line) runs over several lines; edit it in the file by hand"
            case .unsupportedValue(let key):
                "\(key) takes a list or table, which only the file itself can change"
            case .tableOnOneLine(let key, let table, let line):
                "\(key) is in \(table), written on one line as { … } on line \(line); edit it in the file by hand (or "
                    + "write the table as [\(table)] with a key a line, which this page can change)"
            }
        }
    }

    /// The text with `key` (a path within `table`, e.g. `["playlists", "run"]`) set to `value`.
    public func setting(_ key: [String], to value: ConfigValue, in table: [String]) throws(Failure) -> TOMLKeyEdit {
        let fullPath = table + key
        let name = fullPath.joined(separator: ".")
        guard let literal = Self.literal(value) else { throw .unsupportedValue(key: name) }
        let lineBreak = text.contains("\r\n") ? "\r\n" : "\n"
        var lines = text.split(omittingEmptySubsequences: false, whereSeparator: ConfigSource.isLineBreak).map(
            String.init)
        let scan = TOMLLineScan(lines)
        if let found = scan.keys.first(where: { $0.path == fullPath }) {
            guard !found.spansLines else { throw .valueOnSeveralLines(key: name, line: found.index + 1) }
            lines[found.index] = Self.replacingValue(in: lines[found.index], with: literal)
        } else if let inline = scan.keys.first(where: {
            $0.path.count < fullPath.count && fullPath.starts(with: $0.path)
        }) {
            throw .tableOnOneLine(key: name, table: inline.path.joined(separator: "."), line: inline.index + 1)
        } else if let header = scan.headers.filter({
            $0.path.count >= table.count && $0.path.count < fullPath.count && fullPath.starts(with: $0.path)
        }).max(by: { $0.path.count < $1.path.count }) {
            // Under the header, after the table's last key: the key joins the ones the person wrote.
            lines.insert(
                "\(Self.keyText(fullPath.dropFirst(header.path.count))) = \(literal)",
                at: (header.lastKeyLine ?? header.index) + 1)
        } else if let sibling = scan.keys.last(where: {
            $0.table.count < table.count && $0.path.count > table.count && $0.path.starts(with: table)
        }) {
            // The table is made by dotted keys (`music.volume` under `[plugins]`): a header for it would be a second
            // definition, so the key is written as they are, after the last of them.
            lines.insert(
                "\(Self.keyText(fullPath.dropFirst(sibling.table.count))) = \(literal)", at: sibling.lastLine + 1)
        } else {
            if lines.last == "" { lines.removeLast() }
            if let last = lines.last, !last.trimmingCharacters(in: .whitespaces).isEmpty { lines.append("") }
            lines += ["[\(Self.keyText(table[...]))]", "\(Self.keyText(key[...])) = \(literal)", ""]
        }
        return TOMLKeyEdit(text: lines.joined(separator: lineBreak))
    }

    /// The line with its value replaced: what comes before the value (indent, key, `=` and the space after it) and
    /// after it (the spaces and the comment) kept.
    static func replacingValue(in line: String, with literal: String) -> String {
        let text = Substring(line)
        guard let equals = TOMLScanning.firstIndexOutsideQuotes(of: "=", in: text) else { return line }
        let afterEquals = text.index(after: equals)
        let valueStart = text[afterEquals...].firstIndex { !$0.isWhitespace } ?? text.endIndex
        let comment = TOMLScanning.firstIndexOutsideQuotes(of: "#", in: text[valueStart...]) ?? text.endIndex
        var valueEnd = comment
        while valueEnd > valueStart, text[text.index(before: valueEnd)].isWhitespace {
            valueEnd = text.index(before: valueEnd)
        }
        let leading = valueStart == afterEquals ? " " : String(text[afterEquals..<valueStart])
        return String(text[...equals]) + leading + literal + String(text[valueEnd...])
    }

    /// `value` as TOML writes it: a basic string with its escapes, a whole number, a number with its point, or true
    /// or false; nil for lists, tables, dates and non-finite numbers.
    public static func literal(_ value: ConfigValue) -> String? {
        switch value {
        case .string(let text): basicString(text)
        case .integer(let number): String(number)
        case .float(let number) where number.isFinite:
            number == number.rounded() && abs(number) < 1e15 ? String(format: "%.1f", number) : "\(number)"
        case .boolean(let flag): flag ? "true" : "false"
        case .float, .array, .table, .other: nil
        }
    }

    /// A TOML basic string: quotes and backslashes escaped, control characters as `\uXXXX` (or `\t`, `\n` …). The
    /// one way the hub writes a string into a TOML file (the configuration, setup's file, program files).
    public static func basicString(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\t": result += "\\t"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                result +=
                    "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
                    + String(scalar.value, radix: 16, uppercase: true)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// A dotted key as written: `playlists."my run"`.
    static func keyText(_ path: ArraySlice<String>) -> String { path.map(bareOrQuoted).joined(separator: ".") }

    /// A key as written: bare when it is only letters, digits, `-` and `_`, else quoted.
    static func bareOrQuoted(_ key: String) -> String {
        let bare =
            !key.isEmpty
            && key.unicodeScalars.allSatisfy {
                ($0.isASCII && $0.properties.isAlphabetic) || ("0"..."9").contains($0) || $0 == "-" || $0 == "_"
            }
        return bare ? key : basicString(key)
    }
}
