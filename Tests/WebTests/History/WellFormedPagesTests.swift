import Foundation
import HubCore
import Reports
import Testing

@testable import Web

/// Every history page as a browser parses it: each element closed in order, no inline style or script (the
/// content security policy would refuse them), and no attribute left unquoted.
@Suite struct WellFormedPagesTests {
    static let voidElements: Set<String> = ["input", "img", "br", "meta", "link", "hr"]

    /// What is wrong with the nesting of `html`'s elements, or nil.
    static func nestingProblem(_ html: String) -> String? {
        var open: [String] = []
        var rest = html[...]
        while let start = rest.firstIndex(of: "<") {
            guard let end = rest[start...].firstIndex(of: ">") else { return "a tag never ends" }
            let tag = rest[rest.index(after: start)..<end]
            rest = rest[rest.index(after: end)...]
            let name = String(tag.prefix { $0 != " " && $0 != ">" }).lowercased()
            if name.hasPrefix("/") {
                guard open.popLast() == String(name.dropFirst()) else { return "</\(name.dropFirst())> closes nothing" }
            } else if !Self.voidElements.contains(name) {
                open.append(name)
            }
            // Every attribute's value is quoted: outside quotes, an `=` is followed by a double quote.
            var quoted = false
            for (index, character) in zip(tag.indices, tag) {
                if character == "\"" { quoted.toggle() }
                if character == "=", !quoted,
                    tag.index(after: index) == tag.endIndex || tag[tag.index(after: index)] != "\""
                {
                    return "<\(tag)> has an unquoted attribute"
                }
            }
        }
        return open.isEmpty ? nil : "<\(open.joined(separator: "><"))> never closed"
    }

    @Test func everyPageNestsAndHasNoStyleOrScript() async throws {
        let fixture = try await HistoryFixture()
        let today = HistoryFixture.today
        var pages: [WebPage] = [
            try await HistoryPage.render(HistoryQuery(), history: fixture.store, units: .metric, today: today),
            try await HistoryPage.render(
                HistoryQuery(["kind": "<bogus>", "page": "-2"]), history: fixture.store, units: .metric, today: today),
            try await StatsPage.render(
                StatsQuery(["date": "2026-11-22"], today: today), history: fixture.store, units: .metric, today: today),
            try await StatsPage.render(
                StatsQuery(["period": "year", "date": "2026-11-22"], today: today), history: fixture.store,
                units: .metric, today: today),
            try await HeartRatePage.render(HeartRateQuery(["from": "x"]), history: fixture.store),
        ]
        for id in [fixture.run, fixture.ride, fixture.strength] {
            pages.append(
                try #require(try await WorkoutDetailPage.render(id: "\(id)", history: fixture.store, units: .metric)))
            pages.append(
                try #require(
                    try await DeleteWorkoutPage.confirmation(
                        id: "\(id)", history: fixture.store, units: .metric, csrfToken: "token", today: today)))
        }
        for page in pages {
            #expect(Self.nestingProblem(page.body) == nil, "\(page.title): \(page.body)")
            #expect(!page.body.contains("style=") && !page.body.contains("<script"), "\(page.title)")
        }
    }

    @Test func theCheckFindsABrokenPage() {
        #expect(Self.nestingProblem("<p><b>x</p></b>") != nil)
        #expect(Self.nestingProblem("<table><tr><td>x</td></tr>") != nil)
        #expect(Self.nestingProblem("<a href=x>y</a>") != nil)
        #expect(Self.nestingProblem("<p>x<img src=\"a\" alt=\"b\"></p>") == nil)
    }
}
