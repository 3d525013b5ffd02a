import Foundation
import HubCore

/// What `stayfit stats` shows: a period's statistics, the same for the period before, and the days in between.
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
    /// The daily heart-rate variability (RMSSD, ms) from the all-day log, when heart-rate monitoring is on.
    public var restingVariability: [DailyVariability]

    /// One day of the period.
    public struct Day: Sendable, Codable, Equatable {
        public var day: String
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

    /// Builds the report from the store's day totals of the period and of the one before.
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
        self.restingVariability = restingVariability
    }
}
