#if canImport(Glibc)
    import Glibc
#endif

/// The `Date` header's text (RFC 9110 §5.6.7): `Sun, 06 Nov 1994 08:49:37 GMT`, from the C library's clock.
///
/// Not Foundation's `Calendar`, which would load ICU's calendar data into the hub for one header (see
/// `Meal.likely(at:)` for the same choice).
enum HTTPDate {
    static func now() -> String { text(secondsSince1970: time(nil)) }

    static func text(secondsSince1970 seconds: Int) -> String {
        var time = seconds
        var parts = tm()
        guard gmtime_r(&time, &parts) != nil else { return "Thu, 01 Jan 1970 00:00:00 GMT" }
        let weekday = weekdays[Int(parts.tm_wday)]
        let month = months[Int(parts.tm_mon)]
        return "\(weekday), \(two(parts.tm_mday)) \(month) \(1900 + Int(parts.tm_year)) "
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) GMT"
    }

    private static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    private static func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
