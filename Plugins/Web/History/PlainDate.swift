import Foundation
import Reports

/// Dates as the pages say them: "27 November 2026", "1 and 30 November"; the year is left out where it is this
/// year's, as a person says it.
enum PlainDate {
    static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
        "November", "December",
    ]

    /// "27 November 2026", or "27 November" in `today`'s year.
    static func day(_ day: LocalDay, today: LocalDay) -> String {
        "\(day.day) \(monthNames[day.month - 1])" + (day.year == today.year ? "" : " \(day.year)")
    }

    /// "27 November 2026", always with its year: a heading or a list that may span years.
    static func fullDay(_ day: LocalDay) -> String { "\(day.day) \(monthNames[day.month - 1]) \(day.year)" }

    /// "1 and 30 November", "28 October and 3 November", "1 December 2025 and 3 January 2026": what goes after
    /// "between".
    static func range(from first: LocalDay, to last: LocalDay, today: LocalDay) -> String {
        let sameYear = first.year == last.year
        let yearShown = !(sameYear && first.year == today.year)
        let start =
            sameYear && first.month == last.month
            ? "\(first.day)" : (sameYear ? "\(first.day) \(monthNames[first.month - 1])" : fullDay(first))
        return "\(start) and \(last.day) \(monthNames[last.month - 1])" + (yearShown ? " \(last.year)" : "")
    }

    /// "27 November 2026, 07:30" in local time.
    static func dayAndTime(_ date: Date) -> String {
        fullDay(LocalDay(date)) + ", " + LocalTime.format(date, "%H:%M")
    }
}
