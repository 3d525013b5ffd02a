import Foundation

/// The C library's local time: `TZ` and `/etc/localtime`, daylight saving included, without ICU.
public enum LocalTime {
    static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    static let weekdayNames = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]

    /// The broken-down local time of `date`.
    public static func parts(_ date: Date) -> tm {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        // Far outside any real date (or NaN) is clamped, never a trapping conversion.
        var time = time_t(seconds.isFinite ? min(max(seconds, -1e15), 1e15) : 0)
        var parts = tm()
        localtime_r(&time, &parts)
        return parts
    }

    /// The instant of a local date and time; a time skipped by a daylight-saving change moves forward.
    public static func date(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0) -> Date {
        var parts = tm()
        parts.tm_year = Int32(clamping: year - 1900)
        parts.tm_mon = Int32(clamping: month - 1)
        parts.tm_mday = Int32(clamping: day)
        parts.tm_hour = Int32(clamping: hour)
        parts.tm_min = Int32(clamping: minute)
        parts.tm_sec = Int32(clamping: second)
        parts.tm_isdst = -1
        return Date(timeIntervalSince1970: TimeInterval(mktime(&parts)))
    }

    /// `strftime` in local time: `%H:%M:%S`, `%Y-%m-%d` and the like (numbers only; names come from the tables).
    public static func format(_ date: Date, _ pattern: String) -> String {
        var parts = parts(date)
        var buffer = [CChar](repeating: 0, count: 64)
        let count = strftime(&buffer, buffer.count, pattern, &parts)
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// `Nov-26`: the original app's month label.
    public static func monthLabel(_ date: Date) -> String {
        let parts = parts(date)
        return "\(monthNames[Int(parts.tm_mon)])-\(LocalDay.pad(Int(parts.tm_year) % 100, 2))"
    }

    /// `23 Nov`.
    public static func dayLabel(_ date: Date) -> String {
        let parts = parts(date)
        return "\(parts.tm_mday) \(monthNames[Int(parts.tm_mon)])"
    }

    /// Days since 1970-01-01 of a calendar date, independent of any time zone.
    static func utcDays(year: Int, month: Int, day: Int) -> Int {
        // Howard Hinnant's days_from_civil.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }
}
