import Foundation

/// A calendar day in the local time zone (the C library's `TZ` rules), with the arithmetic reports need.
///
/// Built on `localtime_r`/`mktime` rather than `Calendar`: that would load ICU, megabytes of memory and
/// milliseconds of start-up for a command that must answer in well under 100 ms. A day is not always 24 hours:
/// across a daylight-saving change it is 23 or 25, and `start`/`end` say so.
public struct LocalDay: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    /// The day with these numbers, or nil when there is no such day (2026-02-30).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), (1...31).contains(day) else { return nil }
        let normalised = Self.normalised(year: year, month: month, day: day)
        guard normalised.year == year, normalised.month == month, normalised.day == day else { return nil }
        self = normalised
    }

    private init(checked year: Int, _ month: Int, _ day: Int) {
        (self.year, self.month, self.day) = (year, month, day)
    }

    /// Parses `yyyy-MM-dd`; nil for anything else.
    public init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
        else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// The local day `date` falls on.
    public init(_ date: Date) {
        let parts = LocalTime.parts(date)
        self.init(checked: Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1, Int(parts.tm_mday))
    }

    /// Local midnight at the start of the day (or the first instant of the day when midnight is skipped).
    public var start: Date { LocalTime.date(year: year, month: month, day: day) }

    /// The start of the next day.
    public var end: Date { adding(days: 1).start }

    /// Monday 1 … Sunday 7.
    public var weekday: Int {
        let parts = LocalTime.parts(LocalTime.date(year: year, month: month, day: day, hour: 12))
        return parts.tm_wday == 0 ? 7 : Int(parts.tm_wday)
    }

    /// The day `days` later (earlier when negative).
    public func adding(days: Int) -> LocalDay { Self.normalised(year: year, month: month, day: day + days) }

    /// The same day number `months` later, clamped to the month's length; used for month periods from the 1st.
    public func adding(months: Int) -> LocalDay {
        let index = year * 12 + (month - 1) + months
        let (newYear, newMonth) = (index / 12, index % 12 + 1)
        var candidate = min(day, 31)
        while LocalDay(year: newYear, month: newMonth, day: candidate) == nil { candidate -= 1 }
        return LocalDay(checked: newYear, newMonth, candidate)
    }

    /// Whole days from this day to `other` (negative when `other` is earlier).
    public func days(until other: LocalDay) -> Int {
        // Noon to noon in UTC terms: the local offset cancels out, daylight saving cannot add or lose a day.
        let from = LocalTime.utcDays(year: year, month: month, day: day)
        let to = LocalTime.utcDays(year: other.year, month: other.month, day: other.day)
        return to - from
    }

    public var description: String {
        "\(Self.pad(year, 4))-\(Self.pad(month, 2))-\(Self.pad(day, 2))"
    }

    /// `Mon 23 Nov`.
    public var shortLabel: String {
        "\(LocalTime.weekdayNames[weekday - 1]) \(day) \(LocalTime.monthNames[month - 1])"
    }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    private static func normalised(year: Int, month: Int, day: Int) -> LocalDay {
        // Noon keeps mktime away from a daylight-saving gap at midnight when it normalises the date.
        let parts = LocalTime.parts(LocalTime.date(year: year, month: month, day: day, hour: 12))
        return LocalDay(checked: Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1, Int(parts.tm_mday))
    }

    static func pad(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }
}
