import Foundation

/// Ticks and labels for a time axis, on round local times that suit the range: every 10 seconds, every hour,
/// every week, every three months and so on, about `target` of them.
public struct TimeAxis: Sendable, Equatable {
    /// One labelled instant.
    public struct Tick: Sendable, Equatable {
        public var time: TimeInterval
        public var label: String
    }

    public let ticks: [Tick]
    public let style: PlotResolution.LabelStyle

    private static let clockSteps: [TimeInterval] = [
        1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 10_800, 21_600, 43_200,
    ]
    private static let daySteps = [1, 2, 7, 14]
    private static let monthSteps = [1, 2, 3, 6, 12, 24, 60, 120]

    public init(from start: TimeInterval, to end: TimeInterval, target: Int = 7) {
        let span = max(end - start, 1)
        let style = labelStyle(forRange: span)
        self.style = style
        let wanted = span / Double(max(target, 1))
        var times: [TimeInterval] = []
        if let step = Self.clockSteps.first(where: { $0 >= wanted }) {
            let midnight = LocalDay(Date(timeIntervalSince1970: start)).start.timeIntervalSince1970
            var time = midnight + ((start - midnight) / step).rounded(.up) * step
            while time <= end {
                times.append(time)
                time += step
            }
        } else if let days = Self.daySteps.first(where: { Double($0) * 86_400 >= wanted }) {
            var day = LocalDay(Date(timeIntervalSince1970: start))
            if days == 7 || days == 14 { day = day.adding(days: (8 - day.weekday) % 7) }  // Mondays
            while day.start.timeIntervalSince1970 < start { day = day.adding(days: days) }
            while day.start.timeIntervalSince1970 <= end {
                times.append(day.start.timeIntervalSince1970)
                day = day.adding(days: days)
            }
        } else {
            let months = Self.monthSteps.first { Double($0) * 30.4 * 86_400 >= wanted } ?? 120
            let first = LocalDay(Date(timeIntervalSince1970: start))
            var index = ((first.year * 12 + first.month - 1) + months - 1) / months * months
            while true {
                guard let day = LocalDay(year: index / 12, month: index % 12 + 1, day: 1) else { break }
                let time = day.start.timeIntervalSince1970
                if time > end { break }
                if time >= start { times.append(time) }
                index += months
            }
        }
        // Under a day per step the labels are times of day, and a tick at midnight names its day instead.
        let clockStyle: PlotResolution.LabelStyle? =
            Self.clockSteps.contains(where: { $0 >= wanted }) ? (span <= 600 ? .timeWithSeconds : .time) : nil
        ticks = times.map { time in
            guard let clockStyle else { return Tick(time: time, label: Self.label(time, style: style)) }
            let midnight = LocalDay(Date(timeIntervalSince1970: time)).start.timeIntervalSince1970 == time
            return Tick(
                time: time,
                label: midnight && clockStyle == .time
                    ? Self.label(time, style: .dayMonth)
                    : Self.label(time, style: clockStyle))
        }
    }

    /// A time as this axis writes it.
    public static func label(_ time: TimeInterval, style: PlotResolution.LabelStyle) -> String {
        let date = Date(timeIntervalSince1970: time)
        switch style {
        case .timeWithSeconds: return LocalTime.format(date, "%H:%M:%S")
        case .time: return LocalTime.format(date, "%H:%M")
        case .dayMonth: return LocalTime.dayLabel(date)
        case .monthYear: return LocalTime.monthLabel(date)
        }
    }
}
