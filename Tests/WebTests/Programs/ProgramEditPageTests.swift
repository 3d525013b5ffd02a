import Foundation
import HubCore
import HubStore
import Programs
import Records
import Testing

@testable import Web

/// `/programs/{id}/edit`: the text box, saving through the CLI's check, and its messages on a refusal.
@Suite struct ProgramEditPageTests {
    @Test func theEditorHoldsTheProgramsTextEscaped() async throws {
        let fixture = try await ProgramsFixture()
        let page = try #require(
            try await ProgramEditPage.render(id: fixture.hills, store: fixture.store, csrfToken: "tok"))
        #expect(
            page.body.contains("spellcheck=\"false\">\n" + HTMLText.escape(ProgramsFixture.hillsText) + "</textarea>"))
        #expect(page.body.contains("target = { zone = 4 }"))
        #expect(page.body.contains("instructions = &quot;Up hard, down easy.&quot;"))
        #expect(page.body.contains("action=\"/programs/\(fixture.hills)/edit\""))
        #expect(page.body.contains("<input type=\"hidden\" name=\"csrf\" value=\"tok\">"))
    }

    @Test func aBuiltInIsNotEditedButCopiedFirst() async throws {
        let fixture = try await ProgramsFixture()
        let page = try #require(
            try await ProgramEditPage.render(id: "vo2max-4x4", store: fixture.store, csrfToken: "t"))
        #expect(!page.body.contains("<textarea"))
        #expect(page.body.contains("vo2max-4x4 is a built-in program, which cannot be edited; copy it first"))
        #expect(page.body.contains("action=\"/programs/vo2max-4x4/copy\""))
        let before = try await fixture.snapshot()
        let outcome = try await ProgramEditPage.save(
            id: "vo2max-4x4", fields: ["program": ProgramsFixture.hillsText], store: fixture.store, csrfToken: "t")
        guard case .refused = outcome else { Issue.record("saved: \(outcome)"); return }
        #expect(try await fixture.snapshot() == before)
    }

    @Test func aGoodEditIsSavedAsTheCLISavesIt() async throws {
        let fixture = try await ProgramsFixture()
        _ = try await fixture.store.rateProgram(id: fixture.hills, up: true)
        let edited = ProgramsFixture.hillsText.replacingOccurrences(of: "Hill repeats", with: "Hills, longer")
            .replacingOccurrences(of: "repeat = 6", with: "repeat = 8")
        // A browser ends a text box's lines with CR LF.
        let sent = edited.replacingOccurrences(of: "\n", with: "\r\n")
        let outcome = try await ProgramEditPage.save(
            id: fixture.hills, fields: ["program": sent, "csrf": "t"], store: fixture.store, csrfToken: "t")
        #expect(outcome == .redirect(to: "/programs/\(fixture.hills)"))
        let stored = try #require(try await fixture.store.program(id: fixture.hills))
        #expect(stored.text == edited)
        #expect(stored.name == "Hills, longer")
        #expect(stored.kind == .run)
        // Votes stay, as `stayfit programs edit` leaves them.
        #expect(stored.ups == 1)
        // 10:00 + 8 × 3:30 = 38 min.
        let page = try #require(
            try await ProgramPage.render(id: fixture.hills, store: fixture.store, profile: FTPProfile(), csrfToken: "t")
        )
        #expect(page.body.contains("Run, about 38 min, personal, rated +1"))
    }

    /// Each mistake with the message `stayfit programs edit` prints, worked out by hand: the file, the line, the step
    /// and the key, the problem and the fix.
    @Test(arguments: [
        (
            ProgramsFixture.hillsText.replacingOccurrences(of: "time = \"1:30\"", with: "time = \"-1:30\""),
            ":15: step 2.1, time: "
        ),
        (
            ProgramsFixture.hillsText.replacingOccurrences(of: "role = \"recover\"", with: "role = \"lazy\""),
            ":20: step 2.2, role: "
        ),
        (ProgramsFixture.hillsText + "colour = \"red\"\n", ":22: step 2.2, colour: "),
        ("name = \"Empty\"\nkind = \"run\"\n", ": the program has no steps. Add at least one step"),
        ("name = \"Broken\nkind = \"run\"\n", ":1: "),
    ])
    func aMistakeIsRefusedWithTheCLIsMessageAndTheTextKept(_ text: String, location: String) async throws {
        let fixture = try await ProgramsFixture()
        let before = try await fixture.snapshot()
        let outcome = try await ProgramEditPage.save(
            id: fixture.hills, fields: ["program": text], store: fixture.store, csrfToken: "tok")
        guard case .invalid(let page) = outcome else { Issue.record("saved: \(outcome)"); return }
        // The same check as the CLI's, so the same message; and the hand-worked location within it.
        let error = try #require(throws: ProgramError.self) {
            try Program(toml: text, file: "program \(fixture.hills)")
        }
        #expect(error.description.hasPrefix("program \(fixture.hills)\(location)"), "\(error)")
        #expect(
            page.body.contains(
                "<div class=\"program-problems\" role=\"alert\"><p>\(HTMLText.escape(error.description))</p></div><form"
            ))
        #expect(page.body.contains(">\n" + HTMLText.escape(text) + "</textarea>"))
        #expect(try await fixture.snapshot() == before)
    }

    @Test func anUnchangedTextIsNotWrittenAgain() async throws {
        let fixture = try await ProgramsFixture()
        let before = try await fixture.snapshot()
        let outcome = try await ProgramEditPage.save(
            id: fixture.hills, fields: ["program": ProgramsFixture.hillsText], store: fixture.store, csrfToken: "t")
        #expect(outcome == .redirect(to: "/programs/\(fixture.hills)"))
        #expect(try await fixture.snapshot() == before)
    }
}
