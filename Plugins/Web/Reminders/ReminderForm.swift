import HubCore

/// The add and edit forms of the reminders page: the fields as sent (or as a reminder fills them), read with the
/// CLI's own checks (``ReminderInput``) in the CLI's order, and written back as HTML.
///
/// Fields: `title`, `time` (`18:30`), `alert` (minutes before, or `none`) and one checkbox per weekday named by its
/// three letters (`mon` … `sun`); together the ticked ones are the CLI's `--repeat mon,wed,fri`.
struct ReminderForm: Equatable {
    var title: String?
    var time: String?
    var alert: String?
    /// The weekdays ticked.
    var days: Weekdays

    /// The empty add form.
    static let blank = ReminderForm(title: nil, time: nil, alert: nil, days: [])

    /// The fields as a browser sent them; a field not sent is nil.
    init(_ fields: [String: String]) {
        title = fields["title"]
        time = fields["time"]
        alert = fields["alert"]
        days = Weekdays(Weekday.allCases.filter { fields[$0.shortName] != nil })
    }

    /// The fields of `reminder`, for its edit form: what is left as it was stays.
    init(_ reminder: Reminder) {
        title = reminder.title
        time = "\(reminder.time)"
        alert = reminder.alertMinutesBefore.map { "\($0)" } ?? "none"
        days = reminder.weekdays
    }

    private init(title: String?, time: String?, alert: String?, days: Weekdays) {
        self.title = title
        self.time = time
        self.alert = alert
        self.days = days
    }

    /// The ticked days as `--repeat` takes them: `mon,wed,fri`, or empty for none.
    var repeatText: String {
        days.days.sorted(by: ReminderInput.mondayFirst).map(\.shortName).joined(separator: ",")
    }

    /// A new reminder, checked as `stayfit reminders add` checks its options: the title, then the weekdays, the
    /// time and the alert. An alert left blank is none, as an add without `--alert`.
    ///
    /// - Throws: the first field's `ReminderInputError`, whose `message` is the CLI's.
    func newReminder() throws(ReminderInputError) -> Reminder {
        let title = try ReminderInput.title(title)
        let weekdays = try ReminderInput.weekdays(repeatText)
        let time = try ReminderInput.time(time)
        let alertText = (alert ?? "").trimmingCharacters(in: .whitespaces)
        let alert = alertText.isEmpty ? nil : try ReminderInput.alertSetting(alertText)
        return Reminder(title: title, time: time, weekdays: weekdays, alertMinutesBefore: alert)
    }

    /// `reminder` changed as `stayfit reminders edit` changes it: each field sent replaces its value after the same
    /// check (the title, the weekdays, the time, the alert), and a field not sent stays. The weekdays are the days
    /// ticked: a form without any is the CLI's `--repeat ""`.
    ///
    /// - Throws: the first field's `ReminderInputError`, whose `message` is the CLI's.
    func edited(_ reminder: Reminder) throws(ReminderInputError) -> Reminder {
        var reminder = reminder
        if let title { reminder.title = try ReminderInput.title(title) }
        reminder.weekdays = try ReminderInput.weekdays(repeatText)
        if let time { reminder.time = try ReminderInput.time(time) }
        if let alert { reminder.alertMinutesBefore = try ReminderInput.alertSetting(alert) }
        return reminder
    }

    /// The fields' HTML, filled with what was sent: a refused form comes back as it was typed, bar what a browser
    /// cannot show in a field (control characters) and a title far too long to be worth sending back.
    func fieldsHTML() -> String {
        var html =
            "<label>Title <input type=\"text\" name=\"title\" autocomplete=\"off\" maxlength=\"\(ReminderInput.longestTitle)\""
            + " value=\"\(Self.shown(title, limit: 200))\"></label>"
            + "<label>Time of day <input type=\"time\" name=\"time\" value=\"\(Self.shown(time, limit: 20))\"></label>"
            + "<fieldset class=\"days\"><legend>Days</legend>"
        for day in Weekday.allCases.sorted(by: ReminderInput.mondayFirst) {
            html +=
                "<label><input type=\"checkbox\" name=\"\(day.shortName)\" value=\"on\""
                + (days.contains(day) ? " checked" : "") + "> \(day.name.prefix(3))</label>"
        }
        html +=
            "</fieldset>"
            + "<label>Alert, minutes before <input type=\"text\" name=\"alert\" autocomplete=\"off\" placeholder=\"none\""
            + " value=\"\(Self.shown(alert, limit: 20))\"></label>"
        return html
    }

    /// `text` for a field's `value`: escaped, without control characters, empty past `limit` characters.
    private static func shown(_ text: String?, limit: Int) -> String {
        guard let text, text.count <= limit else { return "" }
        let plain = String(
            String.UnicodeScalarView(text.unicodeScalars.filter { $0.properties.generalCategory != .control }))
        return HTMLText.escape(plain)
    }
}
