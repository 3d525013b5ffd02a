import Foundation
import HubCore
import Reports

/// `/heart-rate?from=…&to=…`: the all-day heart-rate log over any range, with the plot `stayfit hr plot --svg`
/// draws (`/heart-rate.svg?…`) and its summary line.
enum HeartRatePage {
    static func render(_ query: HeartRateQuery, history: any WorkoutHistory) async throws -> WebPage {
        let resolution = PlotResolution.forRange(seconds: query.to.timeIntervalSince(query.from))
        let series = try await PlotSeries.heartRateLog(
            from: history, from: query.from, to: query.to, resolution: resolution)
        let range = "\(PlainDate.dayAndTime(query.from)) and \(PlainDate.dayAndTime(query.to))"
        var body = "<h1>Heart rate</h1>" + form(query) + HistoryMarkup.problems(query.problems)
        if series.points.isEmpty {
            body += HistoryMarkup.paragraph("No heart rate logged between \(range).", className: "empty")
            body += HistoryMarkup.paragraph(
                "The log fills while the hub runs with a strap and heart-rate monitoring is on in the profile.")
        } else {
            body +=
                "<figure class=\"picture\"><img src=\"/heart-rate.svg?\(HTMLText.escape(query.queryString))\" "
                + "alt=\"\(HTMLText.escape("Heart rate between \(range), per \(resolution.rawValue): lowest to highest, and the average"))\">"
                + "</figure>"
            body += HistoryMarkup.paragraph("Per \(resolution.rawValue): " + series.heartRateSummary)
        }
        return WebPage(title: "Heart rate", body: body)
    }

    /// `/heart-rate.svg?from=…&to=…`: the plot; nil for a query with a problem or a range without readings.
    static func svg(_ query: HeartRateQuery, history: any WorkoutHistory, now: Date = Date()) async throws -> String? {
        guard query.problems.isEmpty else { return nil }
        let resolution = PlotResolution.forRange(seconds: query.to.timeIntervalSince(query.from))
        let series = try await PlotSeries.heartRateLog(
            from: history, from: query.from, to: query.to, resolution: resolution)
        guard !series.points.isEmpty else { return nil }
        let zones = HeartRateZones(ageYears: try await history.profile()?.ageYears(on: now))
        return HeartRateChart.svg(series, from: query.from, to: query.to, resolution: resolution, zones: zones)
    }

    private static func form(_ query: HeartRateQuery) -> String {
        """
        <form class="filter" method="get" action="/heart-rate">\
        <label>From <input type="datetime-local" name="from" value="\(HeartRateQuery.field(query.from))"></label>\
        <label>To <input type="datetime-local" name="to" value="\(HeartRateQuery.field(query.to))"></label>\
        <button type="submit">Show</button></form>
        """
    }
}
