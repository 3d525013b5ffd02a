/// The whole document around a `WebPage`: head, style sheet, navigation and scripts. Pages write only their main.
enum PageLayout {
    /// The links at the top of every page but the login; a page of the app adds itself here.
    static let navigation: [(path: String, title: String)] = [
        ("/", "Live"), ("/history", "History"), ("/stats", "Statistics"), ("/heart-rate", "Heart rate"),
        ("/programs", "Programs"), ("/today", "Today"), ("/food", "Food"), ("/people", "People"),
        // Reminders and sensors are under Settings: eleven links took four rows of a phone's screen.
        ("/settings", "Settings"),
    ]
    /// Every page's style sheets: the app's own and each group of pages' (small, and checked again each time).
    static let styleSheets = [
        "web.css", "history.css", "people.css", "programs.css", "reminders.css", "settings.css",
    ]

    /// - Parameters:
    ///   - csrfToken: the session's, for the logout form and for scripts (`<meta name="csrf-token">`); nil on a page
    ///     shown before a login, which then has no navigation.
    ///   - scripts: paths under `/static/`, loaded deferred (the CSP allows no inline script).
    static func document(_ page: WebPage, csrfToken: String?, scripts: [String] = []) -> String {
        let title = HTMLText.escape(page.title)
        var head = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(title) · StayFit Hub</title>

            """
        for sheet in styleSheets { head += "<link rel=\"stylesheet\" href=\"/static/\(sheet)\">\n" }
        if let csrfToken { head += "<meta name=\"csrf-token\" content=\"\(HTMLText.escape(csrfToken))\">\n" }
        for script in scripts { head += "<script src=\"/static/\(HTMLText.escape(script))\" defer></script>\n" }
        head += "</head>\n<body>\n"
        if let csrfToken { head += navigationBar(csrfToken: csrfToken) }
        return head + "<main>\n" + page.body + "\n</main>\n</body>\n</html>\n"
    }

    private static func navigationBar(csrfToken: String) -> String {
        let links = navigation.map { "<a href=\"\($0.path)\">\(HTMLText.escape($0.title))</a>" }.joined()
        return """
            <nav><span class="brand">StayFit Hub</span>\(links)\
            <form method="post" action="/logout" class="logout">\
            <input type="hidden" name="csrf" value="\(HTMLText.escape(csrfToken))">\
            <button type="submit">Log out</button></form></nav>

            """
    }
}
