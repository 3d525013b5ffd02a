import Foundation

/// How finely a heart-rate plot is cut, chosen from the range it covers: seconds for minutes, minutes for a day,
/// hours for a month, days for a year. Each point carries the minimum, average and maximum of its stretch.
public enum PlotResolution: String, Sendable, CaseIterable, Codable {
    case second, minute, hour, day

    /// The longest range each resolution is used for; past the hour's limit it is days.
    public static let limits: [(PlotResolution, TimeInterval)] = [
        (.second, 2 * 3600), (.minute, 3 * 86_400), (.hour, 93 * 86_400),
    ]

    /// The resolution for a range of `seconds`: at most 7,200 seconds, 4,320 minutes, 2,232 hours, or days.
    public static func forRange(seconds: TimeInterval) -> PlotResolution {
        limits.first { seconds <= $0.1 }?.0 ?? .day
    }

    /// Seconds in one point (a day is nominal: daily points follow local midnights).
    public var seconds: Int {
        switch self {
        case .second: 1
        case .minute: 60
        case .hour: 3600
        case .day: 86_400
        }
    }

    /// How the time axis is labelled at this resolution: `07:42:10`, `07:42`, `23 Nov`, `Nov-26`.
    public enum LabelStyle: Sendable { case timeWithSeconds, time, dayMonth, monthYear }
}

/// The style of time labels for a plot of `seconds`: hh:mm:ss up to 10 minutes, hh:mm up to 2 days, day and
/// month up to 93 days, then the original app's MMM-yy.
public func labelStyle(forRange seconds: TimeInterval) -> PlotResolution.LabelStyle {
    switch seconds {
    case ...600: .timeWithSeconds
    case ...(2 * 86_400): .time
    case ...(93 * 86_400): .dayMonth
    default: .monthYear
    }
}
