import Foundation
import HubCore
import Reports

/// `/stats?period=week&date=2026-11-27&kind=ride`: which period the statistics cover and of which kind of workout,
/// as `stayfit stats --period --date --kind`.
///
/// A bad value falls back to the default (the week up to today) and is said in `problems`.
struct StatsQuery: Equatable {
    var period: ReportPeriod.Kind = .week
    /// The last day of the period (a week) or any day in it (a day, month, year).
    var date: LocalDay
    /// Nil: every kind.
    var kind: WorkoutKind?
    var problems: [String] = []

    init(period: ReportPeriod.Kind = .week, date: LocalDay, kind: WorkoutKind? = nil) {
        (self.period, self.date, self.kind) = (period, date, kind)
    }

    /// Reads the query string's parameters (name to value); `today` is the default date.
    init(_ parameters: [String: String], today: LocalDay = LocalDay(Date())) {
        date = today
        if let text = QueryValue.value("period", in: parameters) {
            if let period = ReportPeriod.Kind(rawValue: text.lowercased()) {
                self.period = period
            } else {
                problems.append(
                    "\(QueryValue.quoted(text)) is not a period: choose day, week, month, year or all. "
                        + "Showing the last 7 days.")
            }
        }
        if let text = QueryValue.value("date", in: parameters) {
            switch QueryValue.day(text, field: "The date") {
            case .success(let day): date = day
            case .failure(let problem): problems.append(problem.message + " Showing today.")
            }
        }
        if let text = QueryValue.value("kind", in: parameters), text.lowercased() != "all" {
            switch QueryValue.kind(text) {
            case .success(let kind): self.kind = kind
            case .failure(let problem): problems.append(problem.message + " Showing every kind.")
            }
        }
    }

    var reportPeriod: ReportPeriod { ReportPeriod(period, endingOn: date) }

    /// The query of the period before this one, or nil for all time.
    var previous: StatsQuery? {
        guard let first = reportPeriod.firstDay else { return nil }
        let day = period == .week ? date.adding(days: -7) : first.adding(days: -1)
        return StatsQuery(period: period, date: day, kind: kind)
    }

    /// The query of the period after this one, or nil for all time and for a period that starts after `today`.
    func next(today: LocalDay) -> StatsQuery? {
        guard let end = reportPeriod.endDay else { return nil }
        let day = period == .week ? date.adding(days: 7) : end
        guard ReportPeriod(period, endingOn: day).firstDay.map({ $0 <= today }) == true else { return nil }
        // A week never ends after today: up to today is the last one worth reading.
        return StatsQuery(period: period, date: period == .week ? min(day, today) : day, kind: kind)
    }

    /// `period=week&date=2026-11-27`, and `&kind=ride` for one kind.
    var queryString: String { "period=\(period.rawValue)&date=\(date)" + (kind.map { "&kind=\($0.rawValue)" } ?? "") }
}
