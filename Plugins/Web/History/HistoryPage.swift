import Foundation
import HubCore
import Reports

/// `/history`: the workouts by date, newest first, filtered by kind and days with a GET form, 20 a page.
///
/// ```swift
/// let page = try await HistoryPage.render(HistoryQuery(parameters), history: history, units: .metric)
/// ```
enum HistoryPage {
    static let pageSize = 20

    static func render(
        _ query: HistoryQuery, history: any WorkoutHistory, units: UnitSystem, today: LocalDay = LocalDay(Date())
    ) async throws -> WebPage {
        // One more than a page: whether there is an older page, without counting them all.
        let found = try await history.workouts(
            from: query.from?.start, to: query.to?.end, kind: query.kind, limit: pageSize + 1,
            offset: (query.page - 1) * pageSize)
        let workouts = found.prefix(pageSize)
        var body = "<h1>History</h1>" + form(query) + HistoryMarkup.problems(query.problems)
        if workouts.isEmpty {
            body += HistoryMarkup.paragraph(emptyState(query, today: today), className: "empty")
        } else {
            body += table(Array(workouts), units: units)
        }
        var links: [String] = []
        if query.page > 1 {
            links.append(
                HistoryMarkup.link("Newer", to: href(query.queryString(page: query.page - 1)), className: "newer"))
        }
        if found.count > pageSize, query.page < HistoryQuery.lastPage {
            links.append(
                HistoryMarkup.link("Older", to: href(query.queryString(page: query.page + 1)), className: "older"))
        }
        if !links.isEmpty { body += "<nav class=\"paging\">" + links.joined(separator: " ") + "</nav>" }
        return WebPage(title: "History", body: body)
    }

    /// "No rides between 1 and 30 November.", "No workouts yet."
    static func emptyState(_ query: HistoryQuery, today: LocalDay) -> String {
        let what = (query.page > 1 ? "No older " : "No ") + KindWords.many(query.kind)
        switch (query.from, query.to) {
        case (let from?, let to?) where from == to: return "\(what) on \(PlainDate.day(from, today: today))."
        case (let from?, let to?): return "\(what) between \(PlainDate.range(from: from, to: to, today: today))."
        case (let from?, nil): return "\(what) since \(PlainDate.day(from, today: today))."
        case (nil, let to?): return "\(what) until \(PlainDate.day(to, today: today))."
        case (nil, nil): return query.page > 1 ? "\(what)." : "\(what) yet."
        }
    }

    private static func href(_ queryString: String) -> String {
        queryString.isEmpty ? "/history" : "/history?" + queryString
    }

    /// The GET form: the kind, the first and the last day; filled in with the query's values.
    private static func form(_ query: HistoryQuery) -> String {
        return """
            <form class="filter" method="get" action="/history">\
            <label>Kind <select name="kind">\(HistoryMarkup.kindOptions(selected: query.kind))</select></label>\
            <label>From <input type="date" name="from" value="\(query.from.map { "\($0)" } ?? "")"></label>\
            <label>To <input type="date" name="to" value="\(query.to.map { "\($0)" } ?? "")"></label>\
            <button type="submit">Show</button></form>
            """
    }

    private static func table(_ workouts: [Workout], units: UnitSystem) -> String {
        var html =
            "<table class=\"history\"><thead><tr>"
            + ["Date", "Kind", "Time", "Distance", "Average heart rate", "Energy"].map {
                "<th scope=\"col\">\($0)</th>"
            }.joined() + "</tr></thead><tbody>"
        for workout in workouts {
            let totals = workout.totals
            var kind = workout.kind.name
            if workout.status != .finished { kind += " (recording)" }
            if workout.isSimulated { kind += " (simulated)" }
            let cells = [
                kind, Format.clock(seconds: totals.movingSeconds),
                totals.distanceMeters > 0 ? units.distance(meters: totals.distanceMeters) : "–",
                totals.averageHeartRate.map { "\(Int($0.rounded())) bpm" } ?? "–",
                Format.energy(kilocalories: totals.kilocalories),
            ]
            html +=
                "<tr><td>"
                + HistoryMarkup.link(PlainDate.dayAndTime(workout.startedAt), to: "/workouts/\(workout.id)")
                + "</td>" + cells.map { "<td>\(HTMLText.escape($0))</td>" }.joined() + "</tr>"
        }
        return html + "</tbody></table>"
    }
}
