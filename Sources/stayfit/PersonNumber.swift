import Foundation
import HubCore

/// A number as a person types it for `stayfit weight` and `food add --grams`: 72.4 or 250, with a point.
///
/// Swift's `Double(_:)` also takes "0x48", "1e2", "nan" and "inf", and the argument parser's refusal of "80,5" says
/// neither what is wrong nor how to put it right; so the commands take the text and read it here.
enum PersonNumber {
    /// `text` as a number: digits, perhaps a sign and a point.
    ///
    /// - Parameters:
    ///   - what: what it was to be, as in "not a weight".
    ///   - example: a good one, e.g. "72.4".
    /// - Throws: `CLIError` (exit 65) saying what was typed and how to write it: "80,5" with a point, anything else
    ///   as a plain number.
    static func parse(_ text: String, as what: String, example: String) throws -> Double {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if isDecimal(trimmed), let value = Double(trimmed) { return value }
        let shown = Format.printable(text, limit: 30)
        if isDecimal(trimmed.replacingOccurrences(of: ",", with: ".")), trimmed.filter({ $0 == "," }).count == 1 {
            throw CLIError(
                "\"\(shown)\" is not \(what): write the number with a point, not a comma, e.g. \(example)",
                exitCode: 65)
        }
        throw CLIError("\"\(shown)\" is not \(what): give a plain number, e.g. \(example)", exitCode: 65)
    }

    /// Digits with at most one point between them, after an optional sign.
    private static func isDecimal(_ text: String) -> Bool {
        var rest = Substring(text)
        if rest.first == "-" || rest.first == "+" { rest = rest.dropFirst() }
        let parts = rest.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        return parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }
    }
}
