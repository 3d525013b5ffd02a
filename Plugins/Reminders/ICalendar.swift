import Foundation
import HubCore

/// Writes reminders as an iCalendar file (RFC 5545), the original app's "Fitness Calendar", that any calendar
/// application can import or subscribe to.
///
/// Each reminder is a weekly event (`RRULE:FREQ=WEEKLY;BYDAY=…`) at its local time in the hub's time zone,
/// given by name (`TZID`) with a `VTIMEZONE` that spells out the zone's offsets, and a display alarm
/// (`TRIGGER:-PTnM`) when it has an alert. Lines end in CRLF and are folded at 75 octets; text is escaped.
public struct ICalendar: Sendable {
    /// The calendar's name, as the original app called it.
    public static let calendarName = "Fitness Calendar"

    public var timeZone: TimeZone
    /// Stamps every event (`DTSTAMP`): when the file was made.
    public var createdAt: Date

    public init(timeZone: TimeZone, createdAt: Date) {
        self.timeZone = timeZone
        self.createdAt = createdAt
    }

    /// The calendar with one event per reminder; each starts on its first weekday on or after `startDay`.
    public func document(for reminders: [Reminder], startingOn startDay: Date) -> String {
        var lines = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//StayFit Hub//Reminders//EN", "CALSCALE:GREGORIAN",
            "METHOD:PUBLISH", "NAME:" + Self.escape(Self.calendarName),
            "X-WR-CALNAME:" + Self.escape(Self.calendarName),
            "X-WR-TIMEZONE:" + timeZone.identifier,
        ]
        let schedule = ReminderSchedule(timeZone: timeZone)
        let firstDay = schedule.civilDay(of: startDay)
        lines += timeZoneComponent(from: startDay)
        for reminder in reminders {
            lines += event(for: reminder, firstDay: firstDay)
        }
        lines.append("END:VCALENDAR")
        return lines.map(Self.fold).joined()
    }

    // MARK: - Components

    private func event(for reminder: Reminder, firstDay: Int) -> [String] {
        // DTSTART must be one of the rule's own days, or calendars count it as an extra occurrence.
        let day = (firstDay..<firstDay + 7).first {
            reminder.weekdays.contains(ReminderSchedule.weekday(ofCivilDay: $0))
        }
        let start = Self.localStamp(
            secondsAsUTC: Double(day ?? firstDay) * 86_400 + Double(reminder.time.minuteOfDay) * 60)
        let byDay = reminder.weekdays.days.sorted(by: ReminderInput.mondayFirst).map(Self.code).joined(separator: ",")
        var lines = [
            "BEGIN:VEVENT",
            "UID:stayfit-reminder-\(reminder.id)@stayfit-hub",
            "DTSTAMP:" + Self.utcStamp(createdAt),
            "DTSTART;TZID=\(Self.parameterValue(timeZone.identifier)):\(start)",
            "RRULE:FREQ=WEEKLY;BYDAY=\(byDay)",
            "SUMMARY:" + Self.escape(reminder.title),
            "TRANSP:TRANSPARENT",
        ]
        if let minutes = reminder.alertMinutesBefore {
            lines += [
                "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:" + Self.escape(reminder.title),
                "TRIGGER:-PT\(minutes)M", "END:VALARM",
            ]
        }
        lines.append("END:VEVENT")
        return lines
    }

    /// The zone's offsets and their changes from a year before `start` to twenty years after, as RFC 5545's
    /// `VTIMEZONE`: one observance per kind of change, with an `RDATE` for each further change of that kind.
    private func timeZoneComponent(from start: Date) -> [String] {
        var lines = ["BEGIN:VTIMEZONE", "TZID:" + timeZone.identifier]
        var changes: [(key: String, isDaylight: Bool, from: Int, to: Int, name: String, onsets: [String])] = []
        var cursor = start.addingTimeInterval(-366 * 86_400)
        let end = start.addingTimeInterval(20 * 366 * 86_400)
        while let change = timeZone.nextDaylightSavingTimeTransition(after: cursor), change < end {
            let from = timeZone.secondsFromGMT(for: change.addingTimeInterval(-1))
            let to = timeZone.secondsFromGMT(for: change)
            let isDaylight = timeZone.isDaylightSavingTime(for: change)
            let name = timeZone.abbreviation(for: change) ?? timeZone.identifier
            // The onset in the local time in force before it, as RFC 5545 wants an observance's DTSTART.
            let onset = Self.localStamp(secondsAsUTC: change.timeIntervalSince1970 + Double(from))
            let key = "\(isDaylight) \(from) \(to) \(name)"
            if let index = changes.firstIndex(where: { $0.key == key }) {
                changes[index].onsets.append(onset)
            } else {
                changes.append((key, isDaylight, from, to, name, [onset]))
            }
            cursor = change
        }
        if changes.isEmpty {
            // No changes (UTC, or a zone without daylight saving): one standard offset since 1970.
            let offset = timeZone.secondsFromGMT(for: start)
            changes.append(
                (
                    "", false, offset, offset, timeZone.abbreviation(for: start) ?? timeZone.identifier,
                    ["19700101T000000"]
                ))
        }
        for change in changes {
            let kind = change.isDaylight ? "DAYLIGHT" : "STANDARD"
            lines += [
                "BEGIN:\(kind)", "DTSTART:" + change.onsets[0], "TZOFFSETFROM:" + Self.offset(change.from),
                "TZOFFSETTO:" + Self.offset(change.to), "TZNAME:" + Self.escape(change.name),
            ]
            lines += change.onsets.dropFirst().map { "RDATE:" + $0 }
            lines.append("END:\(kind)")
        }
        lines.append("END:VTIMEZONE")
        return lines
    }

    // MARK: - Values

    /// RFC 5545's two-letter weekday: `MO`.
    static func code(_ day: Weekday) -> String { String(day.name.prefix(2)).uppercased() }

    /// TEXT escaping (RFC 5545 3.3.11): backslash, semicolon, comma and line breaks.
    static func escape(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "\\": escaped += "\\\\"
            case ";": escaped += "\\;"
            case ",": escaped += "\\,"
            case "\n", "\r\n", "\r": escaped += "\\n"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    /// A parameter value, quoted when it holds a character that would end it.
    static func parameterValue(_ text: String) -> String {
        text.contains(where: { $0 == ":" || $0 == ";" || $0 == "," }) ? "\"\(text)\"" : text
    }

    /// A content line folded at 75 octets (RFC 5545 3.1), never inside a UTF-8 sequence, ended with CRLF.
    static func fold(_ line: String) -> String {
        var folded = ""
        var octets = 0
        for character in line {
            let size = character.utf8.count
            // The first line takes 75 octets; each continuation line starts with a space, so takes 74 more.
            if octets + size > 75 {
                folded += "\r\n "
                octets = 1
            }
            folded.append(character)
            octets += size
        }
        return folded + "\r\n"
    }

    /// `+0100`.
    static func offset(_ seconds: Int) -> String {
        let sign = seconds < 0 ? "-" : "+"
        let minutes = abs(seconds) / 60
        return sign + twoDigits(minutes / 60) + twoDigits(minutes % 60)
    }

    /// `20261123T183000` for local seconds counted as if they were UTC.
    static func localStamp(secondsAsUTC: Double) -> String {
        let seconds = Int(secondsAsUTC.rounded(.down))
        let day = Int((Double(seconds) / 86_400).rounded(.down))
        let (year, month, dayOfMonth) = civilDate(day)
        let inDay = seconds - day * 86_400
        return String(format: "%04d%02d%02dT", year, month, dayOfMonth)
            + twoDigits(inDay / 3600) + twoDigits(inDay / 60 % 60) + twoDigits(inDay % 60)
    }

    /// `20261123T192500Z`.
    static func utcStamp(_ date: Date) -> String { localStamp(secondsAsUTC: date.timeIntervalSince1970) + "Z" }

    private static func twoDigits(_ value: Int) -> String { (value < 10 ? "0" : "") + "\(value)" }

    /// Year, month and day of a day counted from 1970-01-01 (Howard Hinnant's civil_from_days).
    static func civilDate(_ days: Int) -> (Int, Int, Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
