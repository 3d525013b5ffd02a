import Foundation
import HubCore

/// What `stayfit stats` shows: a period's statistics, the same for the period before, and its days (a day, a week
/// or a month), months (a year) or years (all time).
public struct PeriodReport: Sendable, Codable {
    public var period: ReportPeriod.Kind
    public var title: String
    public var firstDay: String?
    public var lastDay: String?
    public var statistics: WorkoutStatistics
    /// The period before, for "last 7 days vs the 7 before"; nil for `all`.
    public var previous: WorkoutStatistics?
    public var previousName: String?
    /// Each day of the period with its own totals (days without a workout included); empty for `all` and `year`.
    public var days: [Day]
    /// For a year, its 12 months with their own totals (months without a workout included); else empty.
    public var months: [Span]
    /// For all time, each year from the first with a workout to the last, with its totals; else empty.
    public var years: [Span]
    /// The daily heart-rate variability (RMSSD, ms) from the all-day log, when heart-rate monitoring is on.
    public var restingVariability: [DailyVariability]

    /// One day of the period.
    public struct Day: Sendable, Codable, Equatable {
        public var day: String
        public var label: String
        public var statistics: WorkoutStatistics
    }

    /// A month or a year of the period, with its own totals.
    public struct Span: Sendable, Codable, Equatable {
        /// Its first day, `yyyy-MM-dd`.
        public var firstDay: String
        /// `Mar`, `2026`.
        public var label: String
        public var statistics: WorkoutStatistics
    }

    /// One day's heart-rate variability from the all-day log.
    public struct DailyVariability: Sendable, Codable, Equatable {
        public var day: String
        public var rmssdMilliseconds: Double
        public var intervals: Int

        public init(day: String, rmssdMilliseconds: Double, intervals: Int) {
            (self.day, self.rmssdMilliseconds, self.intervals) = (day, rmssdMilliseconds, intervals)
        }
    }

    /// Builds the report from the store's totals of the period (per day, or per month or year for a year or all
    /// time: finer ones add up the same) and of the one before.
    public init(
        period: ReportPeriod, days: [WorkoutDayTotals], previousDays: [WorkoutDayTotals]?,
        restingVariability: [DailyVariability] = []
    ) {
        self.period = period.kind
        title = period.title
        firstDay = period.firstDay?.description
        lastDay = period.endDay?.adding(days: -1).description
        statistics = WorkoutStatistics(days: days)
        previous = previousDays.map(WorkoutStatistics.init(days:))
        previousName = period.previous == nil ? nil : period.previousName
        let byDay = Dictionary(grouping: days, by: \.day)
        self.days =
            period.kind == .year || period.kind == .all
            ? []
            : period.days.map { day in
                Day(
                    day: day.description, label: day.shortLabel,
                    statistics: WorkoutStatistics(days: byDay[day.description] ?? []))
            }
        months = []
        years = []
        if period.kind == .year, let first = period.firstDay {
            let byMonth = Dictionary(grouping: days) { $0.day.prefix(7) }
            months = (0..<12).map { index in
                let month = first.adding(months: index)
                return Span(
                    firstDay: month.description, label: LocalTime.monthNames[month.month - 1],
                    statistics: WorkoutStatistics(days: byMonth[month.description.prefix(7)] ?? []))
            }
        }
        let byYear = Dictionary(grouping: days) { Int($0.day.prefix(4)) }
        if period.kind == .all, let first = byYear.keys.compactMap({ $0 }).min(),
            let last = byYear.keys.compactMap({ $0 }).max()
        {
            years = (first...last).map { year in
                Span(
                    firstDay: "\(LocalDay.pad(year, 4))-01-01", label: "\(year)",
                    statistics: WorkoutStatistics(days: byYear[year] ?? []))
            }
        }
        self.restingVariability = restingVariability
    }
}
