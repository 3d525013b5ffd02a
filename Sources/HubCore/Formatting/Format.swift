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
        meters < 1000 ? "\(Int(meters.rounded())) m" : String(format: "%.2f km", meters / 1000)
    }

    /// Pace as `5:12 /km`, or `–:– /km` when standing.
    public static func pace(metersPerSecond speed: Double?) -> String {
        guard let speed, speed >= 0.3 else { return "–:– /km" }
        return clock(seconds: Int((1000 / speed).rounded())) + " /km"
    }

    /// `11.5 km/h`.
    public static func speed(metersPerSecond speed: Double?) -> String {
        guard let speed else { return "– km/h" }
        return String(format: "%.1f km/h", speed * 3.6)
    }

    /// `183 kcal`.
    public static func energy(kilocalories: Double) -> String { "\(Int(kilocalories.rounded())) kcal" }

    /// A local date and time, `2026-11-22 07:30`.
    public static func dateTime(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.string(from: date)
    }

    private static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
