import HubCore

/// The few pieces of HTML the history pages are made of, every text escaped on the way in.
///
/// Class names only, never a `style` attribute or a script: the content security policy forbids both, and
/// `HistoryStyle.css` says how each class looks.
enum HistoryMarkup {
    /// A table with a header row; every cell is text, escaped here.
    static func table(_ headers: [String], _ rows: [[String]], caption: String? = nil, className: String = "figures")
        -> String
    {
        var html = "<table class=\"\(className)\">"
        if let caption { html += "<caption>\(HTMLText.escape(caption))</caption>" }
        html += "<thead><tr>" + headers.map { "<th scope=\"col\">\(HTMLText.escape($0))</th>" }.joined()
        html += "</tr></thead><tbody>"
        for row in rows {
            html += "<tr>" + row.map { "<td>\(HTMLText.escape($0))</td>" }.joined() + "</tr>"
        }
        return html + "</tbody></table>"
    }

    /// Label and value pairs: a workout's figures.
    static func figures(_ rows: [(label: String, value: String)]) -> String {
        "<dl class=\"figures\">"
            + rows.map { "<dt>\(HTMLText.escape($0.label))</dt><dd>\(HTMLText.escape($0.value))</dd>" }.joined()
            + "</dl>"
    }

    /// The sentences saying what was wrong with the query, or nothing.
    static func problems(_ problems: [String]) -> String {
        guard !problems.isEmpty else { return "" }
        return "<div class=\"problems\" role=\"alert\">"
            + problems.map { "<p>\(HTMLText.escape($0))</p>" }.joined() + "</div>"
    }

    /// A paragraph of plain text.
    static func paragraph(_ text: String, className: String? = nil) -> String {
        "<p\(className.map { " class=\"\($0)\"" } ?? "")>\(HTMLText.escape(text))</p>"
    }

    /// A link; `href` is built by the pages from checked values, and escaped all the same.
    static func link(_ text: String, to href: String, className: String? = nil) -> String {
        "<a href=\"\(HTMLText.escape(href))\"\(className.map { " class=\"\($0)\"" } ?? "")>\(HTMLText.escape(text))</a>"
    }

    /// The `<option>`s of a kind's `<select>`: "All kinds" (an empty value) and each kind the hub knows.
    static func kindOptions(selected: WorkoutKind?) -> String {
        "<option value=\"\"\(selected == nil ? " selected" : "")>All kinds</option>"
            + WorkoutKind.known.map { kind in
                "<option value=\"\(kind.rawValue)\"\(kind == selected ? " selected" : "")>"
                    + "\(HTMLText.escape(kind.name))</option>"
            }.joined()
    }
}
