import ArgumentParser
import Foundation
import Reports

/// `--today`, `--date D` or `--from D --to D`: the local days whose workouts a list shows.
struct DayRange: ParsableArguments {
    @Flag(help: "Only today's workouts.") var today = false
    @Option(help: ArgumentHelp("Only the workouts of this day: YYYY-MM-DD, today or yesterday.", valueName: "day"))
    var date: String?
    @Option(help: ArgumentHelp("Only workouts from this day on (YYYY-MM-DD).", valueName: "day")) var from: String?
    @Option(help: ArgumentHelp("Only workouts up to this day, included (YYYY-MM-DD; default today).", valueName: "day"))
    var to: String?

    func validate() throws {
        let given = [today, date != nil, from != nil || to != nil].filter { $0 }.count
        if given > 1 {
            throw ValidationError("choose one of --today, --date D, or --from D --to D.")
        }
    }

    /// The instants of the chosen days, or nil when none was chosen.
    func interval(now: Date = Date()) throws -> (start: Date, end: Date)? {
        let current = LocalDay(now)
        if today { return (current.start, current.end) }
        if let date {
            let day = try ReportArguments.day(date, option: "--date", today: current)
            return (day.start, day.end)
        }
        guard from != nil || to != nil else { return nil }
        let last = try to.map { try ReportArguments.day($0, option: "--to", today: current) } ?? current
        let first = try from.map { try ReportArguments.day($0, option: "--from", today: current) } ?? last
        guard first <= last else {
            throw CLIError("--from \(first) is after --to \(last); swap them", exitCode: 64)
        }
        return (first.start, last.end)
    }

    /// `today`, `on 2026-11-23`, `from 2026-11-01 to 2026-11-23`, for "No workouts …".
    var description: String {
        if today { return "today" }
        if let date { return "on \(date)" }
        return "from \(from ?? (to ?? "today")) to \(to ?? "today")"
    }
}
