import Foundation
import HubCore
import HubStore
import Programs
import Records
import Testing

@testable import Web

/// `/programs`: the order, the figures and the filter of `stayfit programs list`.
@Suite struct ProgramsPageTests {
    /// The program names in the page's rows, in order.
    static func names(in body: String) -> [String] {
        body.components(separatedBy: "<tr><td><a href=\"/programs/").dropFirst().compactMap { row in
            row.split(separator: ">", maxSplits: 1).last?.split(separator: "<").first.map(String.init)
        }
    }

    @Test func listsBestRatedFirstWithTimeRatingAndVotes() async throws {
        let fixture = try await ProgramsFixture()
        _ = try await fixture.store.rateProgram(id: fixture.hills, up: true)
        _ = try await fixture.store.rateProgram(id: fixture.hills, up: true)
        _ = try await fixture.store.rateProgram(id: "run-8x400", up: false)
        let page = try await ProgramsPage.render([:], store: fixture.store)
        let names = Self.names(in: page.body)
        // The CLI's order: the store's, hidden ones left out; 10 built-ins and the hills.
        #expect(names == (try await fixture.store.programs(includingHidden: false)).map(\.name))
        #expect(names.count == 11)
        #expect(names.first == "Hill repeats")
        #expect(names.last == "8 x 400 m")
        // 10:00 + 6 × 3:30 = 31 min; +2 from two up votes.
        #expect(
            page.body.contains(
                "<a href=\"/programs/\(fixture.hills)\">Hill repeats</a></td><td>Run</td><td>31 min</td><td>+2</td>"
                    + "<td>2 up votes, 0 down votes</td>"))
        #expect(page.body.contains("<td>-1</td><td>0 up votes, 1 down vote</td>"))
        // 10 + 3 × (12 + 5) + 8 = 69 min.
        #expect(
            page.body.contains(
                ">3 x 12 min sweet spot</a> <span class=\"origin\">built-in</span></td>"
                    + "<td>Indoor ride</td><td>69 min</td><td>0</td>"))
    }

    @Test func filtersByKindAndSaysWhenThereIsNone() async throws {
        let fixture = try await ProgramsFixture()
        let runs = Self.names(in: try await ProgramsPage.render(["kind": "run"], store: fixture.store).body)
        #expect(runs.sorted() == ["8 x 400 m", "Hill repeats", "Run-walk for beginners"])
        let none = try await ProgramsPage.render(["kind": "other"], store: fixture.store)
        #expect(none.body.contains("<p>No other programs.</p>"))
        #expect(Self.names(in: none.body).isEmpty)
    }

    @Test func aBadKindIsSaidEscapedAndListsAll() async throws {
        let fixture = try await ProgramsFixture()
        let page = try await ProgramsPage.render(["kind": "<b>swim</b>"], store: fixture.store)
        #expect(page.body.contains("“&lt;b&gt;swim&lt;/b&gt;” is not a kind of workout: choose one of"))
        #expect(!page.body.contains("<b>swim"))
        #expect(Self.names(in: page.body).count == 11)
    }

    @Test func aHiddenBuiltInIsLeftOut() async throws {
        let fixture = try await ProgramsFixture()
        #expect(try await fixture.store.deleteProgram(id: "row-2k-test") == .hidden)
        let names = Self.names(in: try await ProgramsPage.render([:], store: fixture.store).body)
        #expect(names.count == 10)
        #expect(!names.contains(try #require(BuiltInPrograms.program(id: "row-2k-test")).name))
    }

    @Test func aHostileNameIsEscaped() async throws {
        let fixture = try await ProgramsFixture()
        let text = ProgramsFixture.hillsText.replacingOccurrences(
            of: "Hill repeats", with: "<script>alert(1)</script> & \\\"x\\\"")
        let outcome = try await ProgramImportPage.upload(
            fileName: "evil.toml", bytes: Array(text.utf8), store: fixture.store, csrfToken: "t")
        guard case .redirect = outcome else { Issue.record("not imported: \(outcome)"); return }
        let page = try await ProgramsPage.render([:], store: fixture.store)
        #expect(!page.body.contains("<script"))
        #expect(page.body.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;x&quot;"))
    }
}
