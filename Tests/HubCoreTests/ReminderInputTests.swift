import HubCore
import Testing

/// Every message a person can get when adding or editing a reminder.
@Suite struct ReminderInputTests {
    @Test(arguments: [nil, "", "   "] as [String?])
    func anEmptyTitleSaysEnterTitle(_ title: String?) {
        #expect(throws: ReminderInputError.emptyTitle) { try ReminderInput.title(title) }
        #expect(ReminderInputError.emptyTitle.description.hasPrefix("Enter Title: "))
    }

    @Test func aTitleIsTrimmedAndKeptAsTyped() throws {
        #expect(try ReminderInput.title("  Evening run, 5 km; easy \\ slow ") == "Evening run, 5 km; easy \\ slow")
    }

    @Test func anOverlongTitleOrOneWithControlCharactersSaysEnterTitleAndWhy() {
        let long = String(repeating: "a", count: 101)
        let tooLong = #expect(throws: ReminderInputError.self) { try ReminderInput.title(long) }
        #expect(tooLong?.description == "Enter Title: the title is 101 characters long; keep it to 100")
        let control = #expect(throws: ReminderInputError.self) { try ReminderInput.title("Run\nnow") }
        #expect(control?.description.hasPrefix("Enter Title: \"Run\\nnow\" has control characters") == true)
    }

    @Test(arguments: [nil, "", " , "] as [String?])
    func noWeekdaySaysSelectRepeat(_ days: String?) {
        let error = #expect(throws: ReminderInputError.self) { try ReminderInput.weekdays(days) }
        #expect(error?.description.hasPrefix("Select Repeat: choose the weekdays it repeats on") == true)
    }

    @Test func anUnknownWeekdaySaysSelectRepeatAndNamesIt() {
        let error = #expect(throws: ReminderInputError.self) { try ReminderInput.weekdays("mon,funday") }
        #expect(error?.description.hasPrefix("Select Repeat: \"funday\" is not a weekday; use mon, tue") == true)
    }

    @Test(arguments: [
        ("mon,wed,fri", [Weekday.monday, .wednesday, .friday]), ("Sunday Saturday", [.sunday, .saturday]),
        ("weekdays", [.monday, .tuesday, .wednesday, .thursday, .friday]), ("weekends", [.sunday, .saturday]),
        ("daily", Weekday.allCases), ("tue,TUE,thursday", [.tuesday, .thursday]),
    ])
    func weekdaysAreReadAsWritten(_ text: String, _ days: [Weekday]) throws {
        #expect(try ReminderInput.weekdays(text) == Weekdays(days))
    }

    @Test func weekdaysAreShownMondayFirst() {
        #expect(ReminderInput.describe(Weekdays([.sunday, .monday, .friday])) == "mon,fri,sun")
        #expect(ReminderInput.describe(.everyDay) == "daily")
        #expect(ReminderInput.describe(Weekdays([.saturday, .sunday])) == "weekends")
    }

    @Test(arguments: [
        ("7:05", 7 * 60 + 5), ("07:05", 7 * 60 + 5), ("1830", 18 * 60 + 30), ("00:00", 0), ("23:59", 1439),
    ])
    func timesAreRead(_ text: String, _ minuteOfDay: Int) throws {
        #expect(try ReminderInput.time(text).minuteOfDay == minuteOfDay)
    }

    @Test(arguments: ["24:00", "7", "7:5", "12:60", "ab:cd", "-1:00", "7:05pm", "１２:００"])
    func aBadTimeSaysEnterProperTime(_ text: String) {
        let error = #expect(throws: ReminderInputError.self) { try ReminderInput.time(text) }
        #expect(error?.description.hasPrefix("Enter Proper Time: \"") == true, "\(String(describing: error))")
    }

    @Test func noTimeSaysEnterTime() {
        #expect(throws: ReminderInputError.emptyTime) { try ReminderInput.time(nil) }
        #expect(
            ReminderInputError.emptyTime.description == "Enter Time: give the time of day, 24-hour, e.g. --time 18:30")
    }

    @Test(arguments: [("15", 15 as Int?), ("15min", 15), ("1440", 1440), ("none", nil), ("0", nil)])
    func alertsAreRead(_ text: String, _ minutes: Int?) throws {
        #expect(try ReminderInput.alert(text) == minutes)
    }

    @Test(arguments: ["1441", "-5", "soon", "", "1.5"])
    func aBadAlertSaysEnterProperAlert(_ text: String) {
        let error = #expect(throws: ReminderInputError.self) { try ReminderInput.alert(text) }
        #expect(error?.description.hasPrefix("Enter Proper Alert: ") == true)
    }
}

/// What `stayfit reminders` and the web app's reminders page share beyond reading a field: `--alert`'s refusal of 0,
/// the whole message and the one-line summary.
@Suite struct ReminderInputSharedTests {
    @Test(arguments: [("15", 15 as Int?), ("none", nil), (" None ", nil), ("1440", 1440)])
    func anAlertSettingIsMinutesBeforeOrNone(_ text: String, _ minutes: Int?) throws {
        #expect(try ReminderInput.alertSetting(text) == minutes)
    }

    @Test func anAlertSettingOf0IsRefusedAsTheReminderItself() {
        let error = #expect(throws: ReminderInputError.self) { try ReminderInput.alertSetting("0") }
        #expect(
            error?.message
                == "--alert 0: an alert 0 minutes before is the reminder itself; give 1 to 1440 minutes before, or none "
                + "for no alert")
        #expect(throws: ReminderInputError.self) { try ReminderInput.alertSetting("soon") }
    }

    @Test func theMessageIsTheDescriptionAsASentence() {
        #expect(ReminderInputError.emptyTime.message == ReminderInputError.emptyTime.description + ".")
    }

    @Test func theSummaryIsTheCLIsConfirmation() throws {
        let reminder = Reminder(
            id: 3, title: "Evening\u{1B}run", time: try #require(TimeOfDay(hour: 18, minute: 30)),
            weekdays: Weekdays([.friday, .monday, .wednesday]), alertMinutesBefore: 1)
        #expect(ReminderInput.summary(reminder) == "\"Evening\\u{1B}run\" at 18:30, mon,wed,fri, alert 1 minute before")
        var none = reminder
        none.alertMinutesBefore = nil
        none.weekdays = .everyDay
        #expect(ReminderInput.summary(none) == "\"Evening\\u{1B}run\" at 18:30, daily")
    }
}
