import HubCore
import Reports

/// `/history?kind=ride&from=2026-11-01&to=2026-11-30&page=2`: which workouts the history lists.
///
/// A bad value is left out (as if not given) and said in `problems`, so the page still lists something and says
/// why it is not what was asked.
struct HistoryQuery: Equatable {
    /// Nil: every kind.
    var kind: WorkoutKind?
    /// The first and last day listed, each nil for no bound.
    var from: LocalDay?
    var to: LocalDay?
    /// 1 for the newest workouts, 2 for the ones "Older" leads to, …
    var page = 1
    /// What was wrong with the query, one sentence each.
    var problems: [String] = []

    /// The highest page a link leads to: 20 a page, a hundred thousand workouts.
    static let lastPage = 5_000

    init(kind: WorkoutKind? = nil, from: LocalDay? = nil, to: LocalDay? = nil, page: Int = 1) {
        (self.kind, self.from, self.to, self.page) = (kind, from, to, page)
    }

    /// Reads the query string's parameters (name to value).
    init(_ parameters: [String: String]) {
        if let text = QueryValue.value("kind", in: parameters), text.lowercased() != "all" {
            switch QueryValue.kind(text) {
            case .success(let kind): self.kind = kind
            case .failure(let problem): problems.append(problem.message)
            }
        }
        if let text = QueryValue.value("from", in: parameters) {
            switch QueryValue.day(text, field: "From") {
            case .success(let day): from = day
            case .failure(let problem): problems.append(problem.message)
            }
        }
        if let text = QueryValue.value("to", in: parameters) {
            switch QueryValue.day(text, field: "To") {
            case .success(let day): to = day
            case .failure(let problem): problems.append(problem.message)
            }
        }
        if let from, let to, to < from {
            problems.append(
                "The first day (\(PlainDate.fullDay(from))) comes after the last (\(PlainDate.fullDay(to))): "
                    + "swap them. Showing every day.")
            (self.from, self.to) = (nil, nil)
        }
        if let text = QueryValue.value("page", in: parameters) {
            if text.count <= 6, let number = Int(text), (1...Self.lastPage).contains(number) {
                page = number
            } else {
                problems.append(
                    "Page \(QueryValue.quoted(text)) is not a page: pages count from 1 to \(Self.lastPage). "
                        + "Showing the first.")
            }
        }
    }

    /// The query string that lists the same workouts on `page`: `kind=ride&from=2026-11-01&page=2`.
    func queryString(page: Int) -> String {
        var parts: [String] = []
        if let kind { parts.append("kind=\(kind.rawValue)") }
        if let from { parts.append("from=\(from)") }
        if let to { parts.append("to=\(to)") }
        if page > 1 { parts.append("page=\(page)") }
        return parts.joined(separator: "&")
    }
}
