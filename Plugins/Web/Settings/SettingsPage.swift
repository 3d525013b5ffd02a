/// `/settings`: the hub's settings, one link each to the page that changes them.
enum SettingsPage {
    /// Each settings page: its path, its title, and what it changes. A new page of settings adds one line here.
    static let pages: [(path: String, title: String, summary: String)] =
        [
            (
                "/settings/profile", "Profile",
                "Name, birth date, gender, height, weight, heart-rate monitoring and FTP."
            ),
            ("/settings/goal", "Goal", "The goal of every workout, and whether reaching it stops the workout."),
            ("/reminders", "Reminders", "When the hub reminds you to train, on which days, and how long before."),
            ("/sensors", "Sensors", "The heart-rate strap and the bike's or machine's sensors: find, pair and forget."),
        ] + PluginSettingsPage.pages.map { ($0.path, $0.title, $0.summary) }

    static func render() -> WebPage {
        let items = pages.map {
            "<li>" + HistoryMarkup.link($0.title, to: $0.path, className: "setting") + " "
                + HistoryMarkup.paragraph($0.summary, className: "summary") + "</li>"
        }
        return WebPage(
            title: "Settings", body: "<h1>Settings</h1><ul class=\"settings\">" + items.joined() + "</ul>")
    }
}
