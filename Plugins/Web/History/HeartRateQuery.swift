import Foundation
import Reports

/// `/heart-rate?from=2026-11-27T06:00&to=2026-11-27T18:00`: the stretch of the all-day heart-rate log to plot.
///
/// Each end is a local day (`2026-11-27`: from its midnight, or to the end of it) or a day and time as a
/// `datetime-local` field sends it. Without them: the last 24 hours. A bad value falls back to that and is said in
/// `problems`.
struct HeartRateQuery: Equatable {
    var from: Date
    var to: Date
    var problems: [String] = []

    /// The longest range drawn, as `stayfit hr plot` allows.
    static let longest: TimeInterval = 20 * 366 * 86_400

    init(from: Date, to: Date) { (self.from, self.to) = (from, to) }

    /// Reads the query string's parameters (name to value).
    init(_ parameters: [String: String], now: Date = Date()) {
        (from, to) = (now.addingTimeInterval(-86_400), now)
        var end = now
        if let text = QueryValue.value("to", in: parameters) {
            switch Self.time(text, field: "To", endOfDay: true) {
            case .success(let date): end = date
            case .failure(let problem): problems.append(problem.message)
            }
        }
        var start = end.addingTimeInterval(-86_400)
        if let text = QueryValue.value("from", in: parameters) {
            switch Self.time(text, field: "From", endOfDay: false) {
            case .success(let date): start = date
            case .failure(let problem): problems.append(problem.message)
            }
        }
        if !problems.isEmpty {
            problems.append("Showing the last 24 hours.")
        } else if start >= end {
            problems.append("From must come before to: swap them. Showing the last 24 hours.")
        } else if end.timeIntervalSince(start) > Self.longest {
            problems.append("The range is longer than 20 years: choose a shorter one. Showing the last 24 hours.")
        } else {
            (from, to) = (start, end)
        }
    }

    /// `from=2026-11-27T06:00&to=2026-11-27T18:00`, local time, as the form sends it.
    var queryString: String { "from=\(Self.field(from))&to=\(Self.field(to))" }

    /// A `datetime-local` field's value: `2026-11-27T06:00`.
    static func field(_ date: Date) -> String { LocalTime.format(date, "%Y-%m-%dT%H:%M") }

    /// `2026-11-27`, `2026-11-27T06:00`, `2026-11-27 06:00` or with seconds, in local time; a day alone is its
    /// midnight, or the next one with `endOfDay`.
    static func time(_ text: String, field: String, endOfDay: Bool) -> Result<Date, QueryValue.Problem> {
        let problem = QueryValue.Problem(
            "\(field) \(QueryValue.quoted(text)) is not a time: write a day as 2026-11-27, or a day and time as "
                + "2026-11-27T06:30.")
        guard text.count <= QueryValue.longest else { return .failure(problem) }
        let parts = text.split(whereSeparator: { $0 == " " || $0 == "T" }).map(String.init)
        guard (1...2).contains(parts.count), let day = LocalDay(parts[0]) else { return .failure(problem) }
        guard parts.count == 2 else { return .success(endOfDay ? day.end : day.start) }
        let fields = parts[1].split(separator: ":", omittingEmptySubsequences: false)
        guard (2...3).contains(fields.count), fields.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isASCII) }),
            let hour = Int(fields[0]), let minute = Int(fields[1]), (0...23).contains(hour), (0...59).contains(minute)
        else { return .failure(problem) }
        let second = fields.count == 3 ? Int(fields[2]) ?? -1 : 0
        guard (0...59).contains(second) else { return .failure(problem) }
        return .success(
            LocalTime.date(year: day.year, month: day.month, day: day.day, hour: hour, minute: minute, second: second))
    }
}
