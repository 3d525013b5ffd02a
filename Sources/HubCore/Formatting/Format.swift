import Foundation

/// How the hub writes numbers for people: on the console, in announcements and in summaries.
///
/// Every function takes any value, however absurd (a goal of 10^20 steps left in someone's database, a NaN),
/// and returns text: nothing here converts a `Double` to `Int` in a way that can trap.
public enum Format {
    /// `count` and its noun, singular for exactly one: "1 minute", "2 minutes", "0 workouts".
    ///
    /// `many` defaults to `one` + "s"; give it for the nouns that do not follow that rule.
    public static func counted(_ count: Int, _ one: String, _ many: String? = nil) -> String {
        "\(count) \(count == 1 ? one : many ?? one + "s")"
    }

    /// `7:05` or `1:02:03`.
    public static func clock(_ duration: Duration) -> String {
        clock(seconds: wholeNumber(duration.seconds.rounded(.down)))
    }

    /// `7:05` or `1:02:03`.
    public static func clock(seconds total: Int) -> String {
        let total = max(0, total)
        let hours = total / 3600, minutes = total / 60 % 60, seconds = total % 60
        return hours > 0
            ? "\(hours):\(twoDigits(minutes)):\(twoDigits(seconds))"
            : "\(minutes):\(twoDigits(seconds))"
    }

    /// `1.52 km`, or `850 m` under a kilometre.
    public static func distance(meters: Double) -> String {
        meters.rounded() < 1000 ? fixed(meters, decimals: 0) + " m" : fixed(meters / 1000, decimals: 2) + " km"
    }

    /// The distance of a workout, or nil when nothing measured one: indoors without GPS a distance of 0 is a
    /// figure never taken, and is left out rather than shown as "0 m".
    public static func measuredDistance(meters: Double) -> String? {
        meters > 0 ? distance(meters: meters) : nil
    }

    /// Pace as `5:12 /km`, or `–:– /km` when standing.
    public static func pace(metersPerSecond speed: Double?) -> String {
        guard let speed, speed >= 0.3 else { return "–:– /km" }
        return clock(seconds: wholeNumber((1000 / speed).rounded())) + " /km"
    }

    /// `11.5 km/h`.
    public static func speed(metersPerSecond speed: Double?) -> String {
        guard let speed else { return "– km/h" }
        return fixed(speed * 3.6, decimals: 1) + " km/h"
    }

    /// `183 kcal`.
    public static func energy(kilocalories: Double) -> String { fixed(kilocalories, decimals: 0) + " kcal" }

    /// A local date and time, `2026-11-22 07:30`.
    public static func dateTime(_ date: Date) -> String { local(date, "%Y-%m-%d %H:%M") }

    /// A local time of day, `07:30:12`.
    public static func timeOfDay(_ date: Date) -> String { local(date, "%H:%M:%S") }

    /// `value` with exactly `decimals` digits after the point, e.g. `fixed(1.5, decimals: 2)` is `1.50`.
    ///
    /// `decimals` is taken as 0 to 9. Values too large for whole-number arithmetic are written out in full
    /// (`1e20` is `100000000000000000000`); NaN and infinities are `–`.
    public static func fixed(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return "–" }
        let decimals = min(max(decimals, 0), 9)
        var scale = 1
        for _ in 0..<decimals { scale *= 10 }
        let magnitude = (abs(value) * Double(scale)).rounded()
        // Past 2^62 the product no longer fits an Int safely; the C library writes any finite Double.
        guard magnitude < 0x1p62 else { return printed(value, decimals: decimals) }
        let scaled = Int(magnitude)
        let sign = value < 0 && scaled > 0 ? "-" : ""
        guard decimals > 0 else { return sign + String(scaled) }
        let fraction = String(scaled % scale)
        let padded = String(repeating: "0", count: decimals - fraction.count) + fraction
        return sign + String(scaled / scale) + "." + padded
    }

    /// `value` rounded toward zero to a whole number, saturating at `Int.min`/`Int.max` (NaN is 0): the
    /// conversion that cannot trap, for values that come from a database or a person.
    public static func wholeNumber(_ value: Double) -> Int {
        if value.isNaN { return 0 }
        // 2^63 is the first Double past Int.max; -2^63 is exactly Int.min.
        if value >= 0x1p63 { return .max }
        if value <= -0x1p63 { return .min }
        return Int(value)
    }

    // strftime with the C library's time zone rules: DateFormatter would load ICU (megabytes of memory).
    private static func local(_ date: Date, _ pattern: String) -> String {
        var time = time_t(wholeNumber(date.timeIntervalSince1970.rounded(.down)))
        var parts = tm()
        localtime_r(&time, &parts)
        var buffer = [CChar](repeating: 0, count: 64)
        let count = strftime(&buffer, buffer.count, pattern, &parts)
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// `%.Nf` from the C library, for finite values too large for `fixed`'s integer path.
    private static func printed(_ value: Double, decimals: Int) -> String {
        // The longest finite Double written out is 309 digits before the point.
        var buffer = [CChar](repeating: 0, count: 400)
        let count = withVaList([value]) { arguments in
            vsnprintf(&buffer, buffer.count, "%.\(decimals)f", arguments)
        }
        guard count > 0 else { return "–" }
        return String(
            decoding: buffer[0..<min(Int(count), buffer.count - 1)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
