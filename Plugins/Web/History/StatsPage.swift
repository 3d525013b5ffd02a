import Foundation
import HubCore
import Reports

/// `/stats?period=week&date=…`: the figures `stayfit stats` prints for a day, the last 7 days, a month, a year or
/// all time, its bars (`/stats.svg?…`), and the periods before and after.
enum StatsPage {
    static func render(
        _ query: StatsQuery, history: any WorkoutHistory, units: UnitSystem, today: LocalDay = LocalDay(Date())
    ) async throws -> WebPage {
        let report = try await PeriodReport.load(
            period: query.reportPeriod, from: history, includeSimulated: false, kind: query.kind)
        let title = report.title.prefix(1).uppercased() + report.title.dropFirst()
        var body = "<h1>Statistics</h1>" + form(query) + HistoryMarkup.problems(query.problems)
        body += "<h2>\(HTMLText.escape(title))</h2>"
        let rows = StatsTable.rows(report, units: units)
        // The CLI prints a table of dashes and "0 vs 0 workouts (=)"; a page says it in words.
        if report.statistics.count == 0 {
            body += HistoryMarkup.paragraph(
                "No finished \(KindWords.many(query.kind)) in \(report.title).", className: "empty")
        } else {
            body += HistoryMarkup.table(
                ["", "Total", "Average", "Maximum"], rows.map { [$0.label, $0.total, $0.average, $0.maximum] })
            if let comparison = StatsTable.comparison(report, units: units) {
                body += HistoryMarkup.paragraph(comparison)
            }
            body +=
                "<figure class=\"picture\"><img src=\"/stats.svg?\(HTMLText.escape(query.queryString))\" "
                + "alt=\"\(HTMLText.escape(alt(query.period)))\"></figure>"
        }
        if report.days.count > 1, report.statistics.count > 0 {
            body += HistoryMarkup.table(
                ["Day", "Workouts", "Moving time", "Distance", "Energy"],
                report.days.map { day in
                    let cells = StatsTable.dayCells(day, units: units)
                    return [day.label] + (cells.isEmpty ? ["–", "", "", ""] : cells)
                }, caption: "Day by day")
        }
        if let variability = StatsTable.variability(report) { body += HistoryMarkup.paragraph(variability) }
        var links: [String] = []
        if let previous = query.previous {
            links.append(HistoryMarkup.link("Before", to: "/stats?" + previous.queryString, className: "newer"))
        }
        if let next = query.next(today: today) {
            links.append(HistoryMarkup.link("After", to: "/stats?" + next.queryString, className: "older"))
        }
        if !links.isEmpty { body += "<nav class=\"paging\">" + links.joined(separator: " ") + "</nav>" }
        return WebPage(title: "Statistics, \(report.title)", body: body)
    }

    /// `/stats.svg?period=…&date=…`: the bars `stayfit stats --svg` draws; nil for a query with a problem.
    static func svg(_ query: StatsQuery, history: any WorkoutHistory, units: UnitSystem) async throws -> String? {
        guard query.problems.isEmpty else { return nil }
        let report = try await PeriodReport.load(
            period: query.reportPeriod, from: history, includeSimulated: false, kind: query.kind)
        return PeriodBars.svg(report, units: units)
    }

    private static func alt(_ period: ReportPeriod.Kind) -> String {
        switch period {
        case .day, .week, .month: "Bars of each day's moving time, distance and energy"
        case .year: "Bars of each month's moving time, distance and energy"
        case .all: "Bars of each year's moving time, distance and energy"
        }
    }

    private static func form(_ query: StatsQuery) -> String {
        let names: [(ReportPeriod.Kind, String)] = [
            (.day, "Day"), (.week, "7 days"), (.month, "Month"), (.year, "Year"), (.all, "All time"),
        ]
        let options = names.map { kind, name in
            "<option value=\"\(kind.rawValue)\"\(kind == query.period ? " selected" : "")>\(name)</option>"
        }.joined()
        return """
            <form class="filter" method="get" action="/stats">\
            <label>Period <select name="period">\(options)</select></label>\
            <label>Kind <select name="kind">\(HistoryMarkup.kindOptions(selected: query.kind))</select></label>\
            <label>Up to <input type="date" name="date" value="\(query.date)"></label>\
            <button type="submit">Show</button></form>
            """
    }
}
