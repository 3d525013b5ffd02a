/// The pieces of HTML the people, food and weight pages share, every text escaped on the way in. Class names only,
/// never a `style` attribute or a script: `PeopleStyle.css` says how each class looks.
enum PeopleMarkup {
    /// The opening of a POST form to `action` with its CSRF token, which the server checks before the action runs.
    static func postForm(_ action: String, csrfToken: String, className: String) -> String {
        "<form class=\"\(className)\" method=\"post\" action=\"\(HTMLText.escape(action))\">"
            + hidden("csrf", csrfToken)
    }

    static func hidden(_ name: String, _ value: String) -> String {
        "<input type=\"hidden\" name=\"\(name)\" value=\"\(HTMLText.escape(value))\">"
    }

    /// What was wrong with the form, or nothing.
    static func problem(_ text: String?) -> String {
        text.map { HistoryMarkup.problems([$0]) } ?? ""
    }

    /// The links at the foot of each page, to the others: a phone has no other way round them.
    static func links(_ pages: [(String, String)]) -> String {
        "<nav class=\"next-steps\">" + pages.map { HistoryMarkup.link($0.0, to: $0.1) }.joined(separator: " ")
            + "</nav>"
    }
}
