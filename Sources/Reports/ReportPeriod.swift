import Foundation

/// The stretch of time a report covers, in local days: today, the last 7 days, this month, this year or all.
///
/// Week is rolling ("the last 7 days vs the 7 before", as iRun's users asked), month and year are calendar ones
/// (this month so far against the whole month before). Each period knows the one before it, for the comparison.
public struct ReportPeriod: Sendable, Equatable {
    /// What kind of period.
    public enum Kind: String, Sendable, CaseIterable, Codable {
        case day, week, month, year, all
    }

    public let kind: Kind
    /// The first day in the period; nil for `all`.
    public let firstDay: LocalDay?
    /// The day after the last one in the period; nil for `all`.
    public let endDay: LocalDay?

    /// The period of `kind` that ends with (and includes) `day`.
    public init(_ kind: Kind, endingOn day: LocalDay) {
        self.kind = kind
        switch kind {
        case .day: (firstDay, endDay) = (day, day.adding(days: 1))
        case .week: (firstDay, endDay) = (day.adding(days: -6), day.adding(days: 1))
        case .month:
            let first = LocalDay(year: day.year, month: day.month, day: 1) ?? day
            (firstDay, endDay) = (first, first.adding(months: 1))
        case .year:
            let first = LocalDay(year: day.year, month: 1, day: 1) ?? day
            (firstDay, endDay) = (first, LocalDay(year: day.year + 1, month: 1, day: 1) ?? day)
        case .all: (firstDay, endDay) = (nil, nil)
        }
    }

    private init(kind: Kind, firstDay: LocalDay, endDay: LocalDay) {
        (self.kind, self.firstDay, self.endDay) = (kind, firstDay, endDay)
    }

    /// The period just before this one, of the same length in days (week) or calendar unit (month, year); nil for
    /// `all`.
    public var previous: ReportPeriod? {
        guard let firstDay, endDay != nil else { return nil }
        switch kind {
        case .day: return ReportPeriod(kind: kind, firstDay: firstDay.adding(days: -1), endDay: firstDay)
        case .week: return ReportPeriod(kind: kind, firstDay: firstDay.adding(days: -7), endDay: firstDay)
        case .month: return ReportPeriod(kind: kind, firstDay: firstDay.adding(months: -1), endDay: firstDay)
        case .year:
            let first = LocalDay(year: firstDay.year - 1, month: 1, day: 1) ?? firstDay
            return ReportPeriod(kind: kind, firstDay: first, endDay: firstDay)
        case .all: return nil
        }
    }

    /// The days in the period, first to last; empty for `all`.
    public var days: [LocalDay] {
        guard let firstDay, let endDay else { return [] }
        return (0..<firstDay.days(until: endDay)).map { firstDay.adding(days: $0) }
    }

    /// The instants the period covers: from local midnight of the first day up to (not including) the end day's.
    public var interval: (start: Date, end: Date)? {
        guard let firstDay, let endDay else { return nil }
        return (firstDay.start, endDay.start)
    }

    /// `the last 7 days (17–23 Nov 2026)`, `November 2026`, `2026`, `all time`.
    public var title: String {
        guard let firstDay, let endDay else { return "all time" }
        let last = endDay.adding(days: -1)
        switch kind {
        case .day: return "\(firstDay.shortLabel) \(firstDay.year)"
        case .week:
            return "the last 7 days (\(firstDay.shortLabel) – \(last.shortLabel) \(last.year))"
        case .month: return "\(LocalTime.fullMonthNames[firstDay.month - 1]) \(firstDay.year)"
        case .year: return "\(firstDay.year)"
        case .all: return "all time"
        }
    }

    /// How the previous period is called in a comparison.
    public var previousName: String {
        switch kind {
        case .day: "the day before"
        case .week: "the 7 before"
        case .month: "the month before"
        case .year: "the year before"
        case .all: ""
        }
    }
}

extension LocalTime {
    static let fullMonthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
        "November", "December",
    ]
}
