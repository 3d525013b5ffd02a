import Foundation

/// A calendar date such as a birthday, written `yyyy-MM-dd`.
///
/// Parsed and compared by hand rather than with `DateFormatter`/`Calendar`: those load ICU, which costs the
/// hub several megabytes of memory for one birthday.
public struct CalendarDay: Sendable, Equatable, Comparable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    /// Parses `yyyy-MM-dd`; nil for anything else, including impossible dates such as 2023-02-29.
    public init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
            parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
            (1...12).contains(month), (1...Self.daysIn(month: month, year: year)).contains(day)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// The day `date` falls on in local time (`TZ`, else `/etc/localtime`): the day a person means by "today".
    public init(local date: Date) {
        var time = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        localtime_r(&time, &parts)
        year = Int(parts.tm_year) + 1900
        month = Int(parts.tm_mon) + 1
        day = Int(parts.tm_mday)
    }

    /// The local midnight that starts the day, and the one that ends it: 23 or 25 hours later across a clock
    /// change, as `mktime` normalises them.
    public var localBounds: (start: Date, end: Date) {
        func midnight(_ offset: Int) -> Date {
            var parts = tm()
            parts.tm_year = Int32(year - 1900)
            parts.tm_mon = Int32(month - 1)
            parts.tm_mday = Int32(day + offset)
            parts.tm_isdst = -1
            return Date(timeIntervalSince1970: TimeInterval(mktime(&parts)))
        }
        return (midnight(0), midnight(1))
    }

    /// The day `date` falls on in UTC.
    public init(_ date: Date) {
        var time = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&time, &parts)
        year = Int(parts.tm_year) + 1900
        month = Int(parts.tm_mon) + 1
        day = Int(parts.tm_mday)
    }

    public var description: String {
        let pad = { (value: Int, width: Int) in
            String(repeating: "0", count: max(0, width - String(value).count)) + String(value)
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }

    /// Whole years from this day to `later` (a birthday not yet reached this year does not count).
    public func years(until later: CalendarDay) -> Int {
        later.year - year - ((later.month, later.day) < (month, day) ? 1 : 0)
    }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
