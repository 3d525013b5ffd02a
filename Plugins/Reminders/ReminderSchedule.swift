import Foundation
import HubCore

/// When a reminder's times fall, as absolute instants, in a time zone: its own time on each of its weekdays, and
/// its alert before it.
///
/// Computed from local calendar days, not by adding 24 hours, so a reminder at 07:00 stays at 07:00 across a
/// daylight-saving change. A local time that does not exist (the hour skipped in spring) is read with the offset
/// before the change, as RFC 5545 reads it (02:30 becomes 03:30); one that happens twice (the hour repeated in
/// autumn) is the first of the two, so the reminder fires once.
public struct ReminderSchedule: Sendable {
    /// One moment at which a reminder wants attention.
    public struct Trigger: Sendable, Equatable {
        public var reminderID: Int64
        /// When the reminder itself is due.
        public var dueAt: Date
        /// 0 for the reminder itself; otherwise this is its alert, this many minutes before `dueAt`.
        public var minutesBefore: Int
        /// When to fire: `dueAt` less `minutesBefore`.
        public var firesAt: Date { dueAt.addingTimeInterval(-Double(minutesBefore) * 60) }
    }

    public let timeZone: TimeZone

    public init(timeZone: TimeZone) { self.timeZone = timeZone }

    /// The triggers of `reminder` that fire in `(after, through]`, in time order.
    public func triggers(of reminder: Reminder, after start: Date, through end: Date) -> [Trigger] {
        guard end > start, !reminder.weekdays.isEmpty else { return [] }
        let alert = reminder.alertMinutesBefore ?? 0
        // An alert fires up to a day before its reminder, and local days start up to 14 hours off UTC: a margin of
        // two days on each side finds every trigger in the range.
        let first = civilDay(of: start) - 2
        let last = civilDay(of: end) + 2
        var found: [Trigger] = []
        for day in first...last where reminder.weekdays.contains(Self.weekday(ofCivilDay: day)) {
            let due = date(ofCivilDay: day, minuteOfDay: reminder.time.minuteOfDay)
            for minutes in alert > 0 ? [alert, 0] : [0] {
                let trigger = Trigger(reminderID: reminder.id, dueAt: due, minutesBefore: minutes)
                if trigger.firesAt > start, trigger.firesAt <= end { found.append(trigger) }
            }
        }
        return found.sorted { $0.firesAt < $1.firesAt }
    }

    /// The first trigger of `reminder` after `date`, or nil when it repeats on no day.
    public func nextTrigger(of reminder: Reminder, after date: Date) -> Trigger? {
        triggers(of: reminder, after: date, through: date.addingTimeInterval(9 * 86_400)).first
    }

    /// Days since 1970-01-01 of the local calendar date at `date`.
    func civilDay(of date: Date) -> Int {
        let local = date.timeIntervalSince1970 + Double(timeZone.secondsFromGMT(for: date))
        return Int((local / 86_400).rounded(.down))
    }

    /// The weekday of a day counted from 1970-01-01, which was a Thursday.
    static func weekday(ofCivilDay day: Int) -> Weekday {
        let index = ((day + 4) % 7 + 7) % 7  // 0 is Sunday
        return Weekday(rawValue: index + 1) ?? .sunday
    }

    /// The instant of local time `minuteOfDay` on local day `day`.
    func date(ofCivilDay day: Int, minuteOfDay: Int) -> Date {
        // The local time's seconds as if it were UTC; the real instant is that less the offset in force.
        let asUTC = Double(day) * 86_400 + Double(minuteOfDay) * 60
        let before = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: asUTC - 86_400))
        let after = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: asUTC + 86_400))
        let valid = [before, after].map { asUTC - Double($0) }.filter { instant in
            Double(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: instant))) == asUTC - instant
        }
        // Two candidates: the repeated hour, take the first. None: the skipped hour, take the offset before it.
        return Date(timeIntervalSince1970: valid.min() ?? asUTC - Double(before))
    }
}
