import Foundation
import HubCore

extension PeriodReport {
    /// The period's report from the store: its days, the period before, and the daily RMSSD from the log.
    ///
    /// What `stayfit stats` prints and the web app's statistics page shows, read the same way.
    public static func load(
        period: ReportPeriod, from history: any WorkoutHistory, includeSimulated: Bool, kind: WorkoutKind? = nil,
        now: Date = Date()
    ) async throws -> PeriodReport {
        let interval = period.interval
        // A year is drawn by months and all time by years: SQLite adds them up, not a row per day of ten years.
        let grouping: WorkoutDayTotals.Grouping =
            switch period.kind {
            case .day, .week, .month: .day
            case .year: .month
            case .all: .year
            }
        let days = try await history.workoutTotalsByDay(
            from: interval?.start, to: interval?.end, includeSimulated: includeSimulated, grouping: grouping, kind: kind
        )
        var previousDays: [WorkoutDayTotals]?
        if let previous = period.previous?.interval {
            previousDays = try await history.workoutTotalsByDay(
                from: previous.start, to: previous.end, includeSimulated: includeSimulated, grouping: .whole,
                kind: kind)
        }
        var variability: [PeriodReport.DailyVariability] = []
        // The trend reads every RR interval of each day: for a month at most, where a trend is worth reading.
        if period.days.count <= 31, try await history.profile()?.heartRateMonitoring == true {
            for day in period.days where day.start <= now {
                let intervals = try await history.heartRateIntervals(from: day.start, to: day.end)
                if intervals.count >= 60, let rmssd = HeartRateVariability.rmssd(rrIntervals1024: intervals) {
                    variability.append(
                        .init(day: day.description, rmssdMilliseconds: rmssd, intervals: intervals.count))
                }
            }
        }
        return PeriodReport(
            period: period, days: days, previousDays: previousDays, restingVariability: variability)
    }
}
