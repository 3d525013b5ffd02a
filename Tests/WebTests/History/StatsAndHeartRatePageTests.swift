import Foundation
import HubCore
import HubStore
import HubTestKit
import PictureTestKit
import Reports
import Testing

@testable import Web

/// `/stats` and `/heart-rate` from a real store, with their pictures rendered.
@Suite struct StatsAndHeartRatePageTests {
    static let today = HistoryFixture.today

    @Test func theWeekAddsUpTheWorkoutsByHand() async throws {
        let fixture = try await HistoryFixture()
        // The 7 days up to Sunday 22 November: the run (10:00, 1.80 km, 120 kcal) and the ride (20:00, 10 km).
        let query = StatsQuery(["period": "week", "date": "2026-11-22"], today: Self.today)
        let page = try await StatsPage.render(query, history: fixture.store, units: .metric, today: Self.today)
        #expect(page.title == "Statistics, the last 7 days (Mon 16 Nov – Sun 22 Nov 2026)")
        #expect(page.body.contains("<tr><td>Workouts</td><td>2</td><td></td><td></td></tr>"))
        #expect(page.body.contains("<tr><td>Moving time</td><td>30:00</td><td>15:00</td><td>20:00</td></tr>"))
        #expect(page.body.contains("<tr><td>Distance</td><td>11.80 km</td><td>5.90 km</td><td>10.00 km</td></tr>"))
        #expect(page.body.contains("<tr><td>Energy</td><td>370 kcal</td><td>185 kcal</td><td>250 kcal</td></tr>"))
        #expect(page.body.contains("<tr><td>Power</td><td>240 kJ</td><td>200 W</td><td>250 W</td></tr>"))
        #expect(page.body.contains("Last 7 days vs the 7 before: 2 vs 0 workouts (new)"))
        #expect(page.body.contains("<tr><td>Sun 22 Nov</td><td>1 workout</td><td>20:00</td><td>10.00 km</td>"))
        #expect(page.body.contains("<tr><td>Sat 21 Nov</td><td>–</td>"))
        #expect(page.body.contains("<img src=\"/stats.svg?period=week&amp;date=2026-11-22\""))
        #expect(page.body.contains("<a href=\"/stats?period=week&amp;date=2026-11-15\" class=\"newer\">Before</a>"))
        #expect(page.body.contains("<a href=\"/stats?period=week&amp;date=2026-11-27\" class=\"older\">After</a>"))
    }

    @Test func oneKindIsCountedAloneAndKeptInTheLinks() async throws {
        let fixture = try await HistoryFixture()
        let query = StatsQuery(["period": "week", "date": "2026-11-22", "kind": "run"], today: Self.today)
        let page = try await StatsPage.render(query, history: fixture.store, units: .metric, today: Self.today)
        #expect(page.body.contains("<tr><td>Workouts</td><td>1</td><td></td><td></td></tr>"))
        #expect(page.body.contains("<tr><td>Distance</td><td>1.80 km</td><td>1.80 km</td><td>1.80 km</td></tr>"))
        #expect(!page.body.contains("<td>Power</td>"))
        #expect(page.body.contains("<option value=\"run\" selected>Run</option>"))
        #expect(page.body.contains("href=\"/stats?period=week&amp;date=2026-11-15&amp;kind=run\""))
        let rows = StatsQuery(["period": "month", "date": "2026-11-22", "kind": "row"], today: Self.today)
        let none = try await StatsPage.render(rows, history: fixture.store, units: .metric, today: Self.today)
        #expect(none.body.contains("<p class=\"empty\">No finished rows in November 2026.</p>"))
    }

    @Test func imperialUnitsAreMiles() async throws {
        let fixture = try await HistoryFixture()
        let query = StatsQuery(["period": "week", "date": "2026-11-22", "kind": "indoor-ride"], today: Self.today)
        let page = try await StatsPage.render(query, history: fixture.store, units: .imperial, today: Self.today)
        // 10 km is 6.21 miles; 30 km/h is 18.6 mph.
        #expect(page.body.contains("<tr><td>Distance</td><td>6.21 mi</td>"))
        let history = try await HistoryPage.render(
            HistoryQuery(["kind": "indoor-ride"]), history: fixture.store, units: .imperial, today: Self.today)
        #expect(history.body.contains("<td>6.21 mi</td>"))
    }

    @Test func aDayWithoutWorkoutsSaysSo() async throws {
        let fixture = try await HistoryFixture()
        let query = StatsQuery(["period": "day", "date": "2026-11-10"], today: Self.today)
        let page = try await StatsPage.render(query, history: fixture.store, units: .metric, today: Self.today)
        #expect(page.body.contains("<p class=\"empty\">No finished workouts in Tue 10 Nov 2026.</p>"))
        #expect(!page.body.contains("<img"))
    }

    @Test func aBadQueryIsSaidOnThePageAndHasNoPicture() async throws {
        let fixture = try await HistoryFixture()
        let query = StatsQuery(["period": "<b>", "date": "2026-11-22"], today: Self.today)
        let page = try await StatsPage.render(query, history: fixture.store, units: .metric, today: Self.today)
        #expect(page.body.contains("<div class=\"problems\" role=\"alert\"><p>“&lt;b&gt;” is not a period"))
        #expect(try await StatsPage.svg(query, history: fixture.store, units: .metric) == nil)
    }

    @Test func theBarsOfAMonthAndAYearRenderWithoutAProblem() async throws {
        let fixture = try await HistoryFixture()
        for period in ["month", "year"] {
            let query = StatsQuery(["period": period, "date": "2026-11-22"], today: Self.today)
            let svg = try #require(try await StatsPage.svg(query, history: fixture.store, units: .metric))
            let picture = try await RenderedPicture(svg: svg)
            #expect(picture.problems.isEmpty, "\(period): \(picture.problems)")
            #expect(picture.pngBytes > 1000)
        }
    }

    /// One hour of the log: 60 bpm in its first half hour, 80 in its second.
    static func logHour(in store: HubStore, from start: Date) async throws {
        let first = Int64(start.timeIntervalSince1970)
        try await store.logHeartRate(
            (0..<3600).map { HeartRateSecond(second: first + $0, beatsPerMinute: $0 < 1800 ? 60 : 80) })
    }

    @Test func theHeartRateOfARangeIsPlottedAndSummed() async throws {
        let fixture = try await HistoryFixture()
        let start = LocalTime.date(year: 2026, month: 11, day: 26, hour: 8)
        try await Self.logHour(in: fixture.store, from: start)
        let query = HeartRateQuery(["from": "2026-11-26T07:00", "to": "2026-11-26T11:00"])
        let page = try await HeartRatePage.render(query, history: fixture.store)
        // Four hours are drawn per minute: 60 minutes with readings, lowest 60, average of the points 70.
        #expect(
            page.body.contains(
                "<p>Per minute: 60 points; lowest 60, average of the points 70, highest 80 bpm.</p>"))
        #expect(page.body.contains("<img src=\"/heart-rate.svg?from=2026-11-26T07:00&amp;to=2026-11-26T11:00\""))
        #expect(page.body.contains("name=\"from\" value=\"2026-11-26T07:00\""))
        let svg = try #require(try await HeartRatePage.svg(query, history: fixture.store))
        let picture = try await RenderedPicture(svg: svg)
        #expect(picture.problems.isEmpty, "\(picture.problems)")
    }

    @Test func aRangeWithoutReadingsSaysHowTheLogFills() async throws {
        let fixture = try await HistoryFixture()
        let query = HeartRateQuery(["from": "2026-11-01", "to": "2026-11-02"])
        let page = try await HeartRatePage.render(query, history: fixture.store)
        #expect(
            page.body.contains(
                "<p class=\"empty\">No heart rate logged between 1 November 2026, 00:00 and 3 November 2026, 00:00."))
        #expect(page.body.contains("heart-rate monitoring is on in the profile"))
        #expect(try await HeartRatePage.svg(query, history: fixture.store) == nil)
    }
}
