import Foundation
import HubCore
import HubStore
import Programs
import Records
import Testing

@testable import Web

/// Every programs page as a browser parses it, with the history pages' checker: elements closed in order, quoted
/// attributes, no inline style or script.
@Suite struct ProgramsWellFormedTests {
    @Test func everyProgramsPageNestsAndHasNoStyleOrScript() async throws {
        let fixture = try await ProgramsFixture()
        let store = fixture.store
        var pages: [WebPage] = [
            try await ProgramsPage.render([:], store: store),
            try await ProgramsPage.render(["kind": "<x>"], store: store),
            try await ProgramsPage.render(["kind": "other"], store: store),
            ProgramImportPage.form(csrfToken: "t\"><script>"),
            ProgramImportPage.form(csrfToken: "t", problems: ["a <b> & c"]),
        ]
        for entry in BuiltInPrograms.all {
            pages.append(
                try #require(
                    try await ProgramPage.render(
                        id: entry.id, store: store, profile: FTPProfile(ftpWatts: 200), csrfToken: "t")))
            pages.append(try #require(try await ProgramEditPage.render(id: entry.id, store: store, csrfToken: "t")))
        }
        pages.append(
            try #require(
                try await ProgramPage.render(id: fixture.hills, store: store, profile: FTPProfile(), csrfToken: "t")))
        pages.append(try #require(try await ProgramEditPage.render(id: fixture.hills, store: store, csrfToken: "t")))
        if case .invalid(let page) = try await ProgramEditPage.save(
            id: fixture.hills, fields: ["program": "</textarea><script>"], store: store, csrfToken: "t")
        {
            pages.append(page)
        } else {
            Issue.record("a broken text was saved")
        }
        if case .invalid(let page) = try await ProgramActions.vote(
            id: fixture.hills, fields: ["direction": "<i>"], store: store)
        {
            pages.append(page)
        }
        for page in pages {
            #expect(WellFormedPagesTests.nestingProblem(page.body) == nil, "\(page.title): \(page.body)")
            #expect(!page.body.contains("style=") && !page.body.contains("<script"), "\(page.title)")
        }
        #expect(pages.count == 29)
    }

    @Test func theStyleSheetStylesThePagesClasses() {
        for name in [
            "programs", "steps", "program-actions", "program-action", "program-problems", "program-editor",
            "program-import", "program-filter", "program-links", "origin",
        ] {
            #expect(ProgramsStyle.css.contains(".\(name)"), "\(name)")
        }
        #expect(ProgramsStyle.css.contains("@media (max-width: 600px)"))
    }
}
