import Foundation

/// How the hub writes numbers for people: on the console, in announcements and in summaries.
public enum Format {
    /// `7:05` or `1:02:03`.
    public static func clock(_ duration: Duration) -> String { clock(seconds: Int(duration.seconds.rounded(.down))) }

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
        meters.rounded() < 1000 ? "\(Int(meters.rounded())) m" : fixed(meters / 1000, decimals: 2) + " km"
    }

    /// Pace as `5:12 /km`, or `–:– /km` when standing.
    public static func pace(metersPerSecond speed: Double?) -> String {
        guard let speed, speed >= 0.3 else { return "–:– /km" }
        return clock(seconds: Int((1000 / speed).rounded())) + " /km"
    }

    /// `11.5 km/h`.
    public static func speed(metersPerSecond speed: Double?) -> String {
        guard let speed else { return "– km/h" }
        return fixed(speed * 3.6, decimals: 1) + " km/h"
    }

    /// `183 kcal`.
    public static func energy(kilocalories: Double) -> String { "\(Int(kilocalories.rounded())) kcal" }

    /// A local date and time, `2026-11-22 07:30`.
    public static func dateTime(_ date: Date) -> String { local(date, "%Y-%m-%d %H:%M") }

    /// A local time of day, `07:30:12`.
    public static func timeOfDay(_ date: Date) -> String { local(date, "%H:%M:%S") }

    /// `value` with exactly `decimals` digits after the point, e.g. `fixed(1.5, decimals: 2)` is `1.50`.
    public static func fixed(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return "–" }
        var scale = 1
        for _ in 0..<decimals { scale *= 10 }
        let scaled = Int((abs(value) * Double(scale)).rounded())
        let sign = value < 0 && scaled > 0 ? "-" : ""
        guard decimals > 0 else { return sign + String(scaled) }
        let fraction = String(scaled % scale)
        let padded = String(repeating: "0", count: decimals - fraction.count) + fraction
        return sign + String(scaled / scale) + "." + padded
    }

    // strftime with the C library's time zone rules: DateFormatter would load ICU (megabytes of memory).
    private static func local(_ date: Date, _ pattern: String) -> String {
        var time = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        localtime_r(&time, &parts)
        var buffer = [CChar](repeating: 0, count: 64)
        let count = strftime(&buffer, buffer.count, pattern, &parts)
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
