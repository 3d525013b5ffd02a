import Foundation
import HubCore

/// Reads a reminder as a person types it: a title, a time such as `18:30`, weekdays such as `mon,wed,fri`, an
/// alert in minutes.
///
/// Every error starts with the original app's words ("Enter Title", "Select Repeat") or words in the same style,
/// then says what a good value looks like. `stayfit reminders` and the web app's reminders page both read with it,
/// so that they take the same values and say the same of the others.
public enum ReminderInput {
    /// The longest title: a spoken reminder, not a note.
    public static let longestTitle = 100

    /// A title: not empty, at most `longestTitle` characters, no control characters. Spaces around it are dropped.
    public static func title(_ text: String?) throws(ReminderInputError) -> String {
        let title = (text ?? "").trimmingCharacters(in: .whitespaces)
        guard !title.isEmpty else { throw .emptyTitle }
        guard title.count <= longestTitle else { throw ReminderInputError(.titleTooLong, value: title) }
        guard !title.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw ReminderInputError(.titleHasControlCharacters, value: title)
        }
        return title
    }

    /// A 24-hour time of day: `7:05`, `07:05` or `1830`.
    public static func time(_ text: String?) throws(ReminderInputError) -> TimeOfDay {
        let trimmed = (text ?? "").trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { throw .emptyTime }
        let parts = trimmed.split(separator: ":", omittingEmptySubsequences: false)
        let hour: Int?
        let minute: Int?
        if parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2 {
            hour = digits(parts[0])
            minute = digits(parts[1])
        } else if parts.count == 1, trimmed.count == 4 {
            hour = digits(trimmed.prefix(2))
            minute = digits(trimmed.suffix(2))
        } else {
            hour = nil
            minute = nil
        }
        guard let hour, let minute, let time = TimeOfDay(hour: hour, minute: minute) else {
            throw ReminderInputError(.improperTime, value: trimmed)
        }
        return time
    }

    /// Weekdays separated by commas (or spaces): `mon,wed,fri`, full names, or `daily`, `weekdays`, `weekends`.
    public static func weekdays(_ text: String?) throws(ReminderInputError) -> Weekdays {
        let tokens = (text ?? "").lowercased().split(whereSeparator: { $0 == "," || $0 == " " })
        guard !tokens.isEmpty else { throw .emptyRepeat }
        var days = Weekdays()
        for token in tokens {
            switch token {
            case "daily", "every-day", "everyday": days.formUnion(.everyDay)
            case "weekdays": days.formUnion(Weekdays([.monday, .tuesday, .wednesday, .thursday, .friday]))
            case "weekends", "weekend": days.formUnion(Weekdays([.saturday, .sunday]))
            default:
                guard
                    let day = Weekday.allCases.first(where: { $0.shortName == token || $0.name.lowercased() == token })
                else { throw ReminderInputError(.improperWeekday, value: String(token)) }
                days.insert(Weekdays([day]))
            }
        }
        return days
    }

    /// Minutes before the reminder for its alert, 1 to 1440; `0` or `none` for no alert.
    public static func alert(_ text: String) throws(ReminderInputError) -> Int? {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        if trimmed == "none" || trimmed == "0" { return nil }
        let number = trimmed.hasSuffix("min") ? String(trimmed.dropLast(3)) : trimmed
        guard let minutes = digits(Substring(number)), Reminder.alertRange.contains(minutes) else {
            throw ReminderInputError(.improperAlert, value: trimmed)
        }
        return minutes
    }

    /// An alert as `--alert` takes it: 1 to 1440 minutes before, or `none` for no alert.
    ///
    /// `0` is refused rather than taken as none, unlike ``alert(_:)``: it could as well mean an alert at the
    /// reminder's own time.
    public static func alertSetting(_ text: String) throws(ReminderInputError) -> Int? {
        let minutes = try alert(text)
        guard minutes != nil || text.trimmingCharacters(in: .whitespaces).lowercased() == "none" else {
            throw ReminderInputError(.alertAtTheReminder, value: text)
        }
        return minutes
    }

    /// The weekdays as the list shows them: `daily`, `weekdays`, `weekends` or `mon,wed,fri`.
    public static func describe(_ days: Weekdays) -> String {
        switch days {
        case .everyDay: "daily"
        case Weekdays([.monday, .tuesday, .wednesday, .thursday, .friday]): "weekdays"
        case Weekdays([.saturday, .sunday]): "weekends"
        default: days.days.sorted(by: mondayFirst).map(\.shortName).joined(separator: ",")
        }
    }

    /// A reminder in one line, as `stayfit reminders` confirms a change: `"Evening run" at 18:30, mon,wed,fri, alert
    /// 15 minutes before`; the title made printable (``Format/printable(_:limit:)``).
    public static func summary(_ reminder: Reminder) -> String {
        var text =
            "\"\(Format.printable(reminder.title, limit: nil))\" at \(reminder.time), " + describe(reminder.weekdays)
        if let minutes = reminder.alertMinutesBefore { text += ", alert \(Format.counted(minutes, "minute")) before" }
        return text
    }

    /// Orders a week Monday to Sunday, as Europe reads it.
    public static func mondayFirst(_ a: Weekday, _ b: Weekday) -> Bool {
        (a.rawValue + 5) % 7 < (b.rawValue + 5) % 7
    }

    private static func digits(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.count <= 4, text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(text)
    }
}

/// A reminder field that is missing or cannot be used; its description says how to write it.
public struct ReminderInputError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Problem: Sendable, Equatable {
        case emptyTitle, titleTooLong, titleHasControlCharacters
        case emptyTime, improperTime
        case emptyRepeat, improperWeekday
        case improperAlert, alertAtTheReminder
    }

    public let problem: Problem
    /// The value as typed (trimmed), for the message.
    public let value: String

    init(_ problem: Problem, value: String = "") {
        self.problem = problem
        self.value = value
    }

    public static let emptyTitle = ReminderInputError(.emptyTitle)
    public static let emptyTime = ReminderInputError(.emptyTime)
    public static let emptyRepeat = ReminderInputError(.emptyRepeat)

    public var description: String {
        let shown = "\"\(Format.printable(value, limit: 40))\""
        switch problem {
        case .emptyTitle:
            return "Enter Title: give the reminder a title, e.g. --title \"Evening run\""
        case .titleTooLong:
            return
                "Enter Title: the title is \(Format.counted(value.count, "character")) long; keep it to \(ReminderInput.longestTitle)"
        case .titleHasControlCharacters:
            return "Enter Title: \(shown) has control characters (tabs, line breaks); use plain text on one line"
        case .emptyTime:
            return "Enter Time: give the time of day, 24-hour, e.g. --time 18:30"
        case .improperTime:
            return "Enter Proper Time: \(shown) is not a time of day; write it as HH:MM, 24-hour, from 00:00 to 23:59"
        case .emptyRepeat:
            return "Select Repeat: choose the weekdays it repeats on, e.g. --repeat mon,wed,fri (or daily, weekdays, "
                + "weekends)"
        case .improperWeekday:
            return "Select Repeat: \(shown) is not a weekday; use mon, tue, wed, thu, fri, sat, sun (or daily, "
                + "weekdays, weekends), separated by commas"
        case .improperAlert:
            return "Enter Proper Alert: \(shown) is not a number of minutes; give 1 to 1440 minutes before, "
                + "or none"
        case .alertAtTheReminder:
            return "--alert \(Format.printable(value, limit: 40)): an alert 0 minutes before is the reminder itself; "
                + "give 1 to 1440 minutes before, or none for no alert"
        }
    }

    /// The whole message, as `stayfit reminders` prints it after `error: ` and the web app's reminders page shows
    /// it: the description as a sentence.
    public var message: String {
        // The CLI has always printed this one as it is, with no full stop after "none for no alert".
        problem == .alertAtTheReminder ? description : description + "."
    }
}
