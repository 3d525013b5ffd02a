import Foundation
import HubCore
import HubStore
import HubTestKit
import Reports
import Testing

@testable import Web

/// `/history` from a real store: the rows with their figures, the filters, the empty states and the paging.
@Suite struct HistoryPageTests {
    static let today = HistoryFixture.today

    /// The text of each `<tr>` of the body's table, tags left out.
    static func rows(_ html: String) -> [String] {
        let table = html.components(separatedBy: "</table>").first ?? ""
        return table.components(separatedBy: "<tr>").dropFirst(2).map { row in
            row.components(separatedBy: "</td>").map { cell in
                cell.replacingOccurrences(of: "<[^>]*>", with: "", options: .regularExpression)
            }.filter { !$0.isEmpty }.joined(separator: " | ")
        }
    }

    @Test func listsTheWorkoutsNewestFirstWithTheirFigures() async throws {
        let fixture = try await HistoryFixture()
        let page = try await HistoryPage.render(
            HistoryQuery(), history: fixture.store, units: .metric, today: Self.today)
        #expect(page.title == "History")
        #expect(
            Self.rows(page.body) == [
                "24 November 2026, 12:00 | Strength | 5:00 | – | 110 bpm | 30 kcal",
                "22 November 2026, 18:00 | Indoor ride | 20:00 | 10.00 km | 140 bpm | 250 kcal",
                "20 November 2026, 07:30 | Run | 10:00 | 1.80 km | 150 bpm | 120 kcal",
            ])
        #expect(page.body.contains("<a href=\"/workouts/\(fixture.run)\">20 November 2026, 07:30</a>"))
        #expect(!page.body.contains("Older") && !page.body.contains("Newer"))
    }

    @Test func filtersByKindAndDays() async throws {
        let fixture = try await HistoryFixture()
        let rides = try await HistoryPage.render(
            HistoryQuery(["kind": "indoor ride"]), history: fixture.store, units: .metric, today: Self.today)
        #expect(Self.rows(rides.body).map { $0.prefix(23) } == ["22 November 2026, 18:00"])
        #expect(rides.body.contains("<option value=\"indoor-ride\" selected>Indoor ride</option>"))
        let days = try await HistoryPage.render(
            HistoryQuery(["from": "2026-11-20", "to": "2026-11-22"]), history: fixture.store, units: .metric,
            today: Self.today)
        #expect(Self.rows(days.body).count == 2)
        #expect(days.body.contains("name=\"from\" value=\"2026-11-20\""))
    }

    @Test func sayWhatIsMissingInPlainWords() async throws {
        let fixture = try await HistoryFixture()
        let cases: [(HistoryQuery, String)] = [
            (
                HistoryQuery(["kind": "ride", "from": "2026-11-01", "to": "2026-11-30"]),
                "No rides between 1 and 30 November."
            ),
            (
                HistoryQuery(["kind": "row", "from": "2025-12-30", "to": "2026-01-02"]),
                "No rows between 30 December 2025 and 2 January 2026."
            ),
            (HistoryQuery(["from": "2026-11-25", "to": "2026-11-25"]), "No workouts on 25 November."),
            (HistoryQuery(["kind": "walk"]), "No walks yet."),
        ]
        for (query, sentence) in cases {
            let page = try await HistoryPage.render(query, history: fixture.store, units: .metric, today: Self.today)
            #expect(page.body.contains("<p class=\"empty\">\(sentence)</p>"), "\(query)")
            #expect(!page.body.contains("<table"))
        }
        let emptyDirectory = try TemporaryDirectory()
        let empty = try HubStore(directory: emptyDirectory.url)
        let none = try await HistoryPage.render(HistoryQuery(), history: empty, units: .metric, today: Self.today)
        #expect(none.body.contains("No workouts yet."))
    }

    @Test func pagesOfTwentyLeadToOlderAndNewer() async throws {
        let directory = try TemporaryDirectory()
        let store = try HubStore(directory: directory.url)
        for day in 1...25 {
            _ = try await HistoryFixture.storeRun(
                in: store, start: LocalTime.date(year: 2026, month: 10, day: day, hour: 7))
        }
        let first = try await HistoryPage.render(HistoryQuery(), history: store, units: .metric, today: Self.today)
        #expect(Self.rows(first.body).count == 20)
        #expect(Self.rows(first.body).first?.hasPrefix("25 October 2026") == true)
        #expect(first.body.contains("<a href=\"/history?page=2\" class=\"older\">Older</a>"))
        #expect(!first.body.contains("Newer"))
        let second = try await HistoryPage.render(
            HistoryQuery(["page": "2"]), history: store, units: .metric, today: Self.today)
        #expect(
            Self.rows(second.body).map { $0.prefix { $0 != "," } } == (1...5).reversed().map { "\($0) October 2026" })
        #expect(second.body.contains("<a href=\"/history\" class=\"newer\">Newer</a>"))
        #expect(!second.body.contains("Older"))
        let third = try await HistoryPage.render(
            HistoryQuery(["page": "3"]), history: store, units: .metric, today: Self.today)
        #expect(third.body.contains("No older workouts."))
    }

    @Test func aHostileKindAndQueryAreEscaped() async throws {
        let fixture = try await HistoryFixture()
        _ = try await HistoryFixture.storeRun(
            in: fixture.store, start: LocalTime.date(year: 2026, month: 11, day: 26, hour: 7),
            kind: WorkoutKind(rawValue: "<script>alert('x')</script>"))
        let page = try await HistoryPage.render(
            HistoryQuery(["kind": "\"><img src=x onerror=alert(1)>"]), history: fixture.store, units: .metric,
            today: Self.today)
        #expect(!page.body.contains("<script>") && !page.body.contains("<img src=x"))
        #expect(page.body.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;"))
        #expect(page.body.contains("“&quot;&gt;&lt;img src=x onerror=alert(1)&gt;” is not a kind of workout"))
    }
}
