/// The pieces of HTML the programs pages share, every text escaped on the way in; classes only, styled by
/// `ProgramsStyle.css`.
enum ProgramMarkup {
    /// The messages saying why a form or file was refused, above the form, or nothing.
    static func problems(_ messages: [String]) -> String {
        guard !messages.isEmpty else { return "" }
        return "<div class=\"program-problems\" role=\"alert\">"
            + messages.map { "<p>\(HTMLText.escape($0))</p>" }.joined() + "</div>"
    }

    /// A POST form of one or more buttons, with the CSRF token the server checks.
    ///
    /// - Parameter buttons: each button's label, and the `name` and `value` it sends, if any.
    static func form(
        action: String, csrfToken: String, buttons: [(label: String, field: (name: String, value: String)?)],
        className: String = "program-action"
    ) -> String {
        "<form class=\"\(className)\" method=\"post\" action=\"\(HTMLText.escape(action))\">"
            + "<input type=\"hidden\" name=\"csrf\" value=\"\(HTMLText.escape(csrfToken))\">"
            + buttons.map { button in
                let field = button.field.map {
                    " name=\"\(HTMLText.escape($0.name))\" value=\"\(HTMLText.escape($0.value))\""
                }
                return "<button type=\"submit\"\(field ?? "")>\(HTMLText.escape(button.label))</button>"
            }.joined() + "</form>"
    }

    /// A page saying why something was not done, with a link back.
    static func refusal(title: String, _ message: String, back: (text: String, href: String)) -> WebPage {
        WebPage(
            title: title,
            body: "<h1>\(HTMLText.escape(title))</h1>" + problems([message])
                + HistoryMarkup.link(back.text, to: back.href))
    }
}
