import Foundation
import HubCore
import Reports

/// Reading one value of a query string for the history pages: what was sent, or a sentence saying what is wrong
/// with it. Nothing a person types into an address bar crashes a page or reaches the store unchecked.
enum QueryValue {
    /// Longer values are no day, kind or number the pages take: cut before they are quoted back.
    static let longest = 40

    /// The value as a message quotes it: at most `longest` characters, control characters left out. The page
    /// escapes it as it escapes all text.
    static func quoted(_ text: String) -> String {
        let printable = String(text.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }.map(Character.init))
        return "“" + (printable.count > longest ? printable.prefix(longest) + "…" : printable) + "”"
    }

    /// The value of `name`, nil when it is missing or empty (an empty form field means "any").
    static func value(_ name: String, in parameters: [String: String]) -> String? {
        guard let value = parameters[name]?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        return value
    }

    /// A day written `YYYY-MM-DD`, as a date field sends it.
    static func day(_ text: String, field: String) -> Result<LocalDay, Problem> {
        guard text.count <= longest, let day = LocalDay(text) else {
            return .failure(
                Problem("\(field) \(quoted(text)) is not a date: write it as year-month-day, such as 2026-11-27."))
        }
        return .success(day)
    }

    /// A kind of workout, as the form's choice sends it ("indoor-ride") or a person writes it ("Indoor ride").
    static func kind(_ text: String) -> Result<WorkoutKind, Problem> {
        guard text.count <= longest, let kind = try? WorkoutKind(parsing: text) else {
            return .failure(
                Problem(
                    "\(quoted(text)) is not a kind of workout: choose one of "
                        + WorkoutKind.known.map(\.name).joined(separator: ", ") + "."))
        }
        return .success(kind)
    }

    /// A sentence saying what is wrong with the query, shown above the page's results.
    struct Problem: Error, Equatable {
        var message: String
        init(_ message: String) { self.message = message }
    }
}
