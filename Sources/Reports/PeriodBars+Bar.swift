import HubCore

extension PeriodBars {
    /// One bar of the chart: a day, a month or a year of the report, and how its label is written and thinned.
    struct Bar {
        var statistics: WorkoutStatistics
        /// Its label, longest first; the chart writes the longest form that fits.
        var labels: [String]
        /// Saturday or Sunday: shaded, so that a month reads as weeks.
        var isWeekend = false
        /// How far the chart may thin the labels, fewest left out first: every bar's, every other bar's, …
        var steps: [Int]
        /// The steps at which this bar keeps its label.
        var labelledAt: Set<Int>
        /// Its workouts are counted under it from this many: one workout on a day goes without saying.
        var countsFrom: Int

        func isLabelled(every step: Int) -> Bool { labelledAt.contains(step) }

        /// A bar per day of a day, a week or a month, per month of a year, per year of all time.
        static func bars(of report: PeriodReport) -> [Bar] {
            switch report.period {
            case .day, .week, .month:
                let days = report.days.compactMap { day in LocalDay(day.day).map { (day, $0) } }
                let firstMonday = days.firstIndex { $0.1.weekday == 1 } ?? 0
                let steps = report.period == .month ? [1, 2, 7, 14] : [1, 2, 7]
                return days.enumerated().map { index, pair in
                    let (day, date) = pair
                    var labelledAt: Set<Int> = [1]
                    if index % 2 == 0 { labelledAt.insert(2) }
                    if date.weekday == 1 { labelledAt.insert(7) }
                    if date.weekday == 1, (index - firstMonday) / 7 % 2 == 0 { labelledAt.insert(14) }
                    return Bar(
                        statistics: day.statistics,
                        labels: report.period == .month
                            ? ["\(date.day)"]
                            : [
                                day.label, "\(day.label.split(separator: " ").prefix(2).joined(separator: " "))",
                                "\(date.day)",
                            ],
                        isWeekend: date.weekday >= 6, steps: steps, labelledAt: labelledAt, countsFrom: 2)
                }
            case .year:
                let steps = [1, 2, 3, 6, 12]
                return report.months.enumerated().map { index, month in
                    Bar(
                        statistics: month.statistics, labels: [month.label], steps: steps,
                        labelledAt: Set(steps.filter { index % $0 == 0 }), countsFrom: 1)
                }
            case .all:
                let steps = [1, 2, 5, 10, 20, 50, 100]
                return report.years.map { year in
                    let number = Int(year.label) ?? 0
                    return Bar(
                        statistics: year.statistics, labels: [year.label, "'" + year.label.suffix(2)], steps: steps,
                        labelledAt: Set(steps.filter { number % $0 == 0 }), countsFrom: 1)
                }
            }
        }

        /// What a bar is: `day`, `month`, `year`.
        static func unitName(of period: ReportPeriod.Kind) -> String {
            switch period {
            case .day, .week, .month: "day"
            case .year: "month"
            case .all: "year"
            }
        }

        /// The time axis' caption: what the bars are.
        static func caption(of period: ReportPeriod.Kind) -> String {
            switch period {
            case .day: "the day"
            case .week: "days (weekends shaded)"
            case .month: "days of the month (weekends shaded)"
            case .year: "months"
            case .all: "years"
            }
        }
    }
}
