import Foundation
import HubCore
import HubStore
import Programs
import Records
import Testing

@testable import Web

/// `/programs/{id}`: the steps in `stayfit programs show`'s words, and the actions a program allows.
@Suite struct ProgramPageTests {
    @Test func showsThePersonalProgramsStepsNestedWithItsFigures() async throws {
        let fixture = try await ProgramsFixture()
        let page = try #require(
            try await ProgramPage.render(
                id: fixture.hills, store: fixture.store, profile: FTPProfile(ftpWatts: nil), csrfToken: "tok"))
        #expect(page.title == "Hill repeats")
        #expect(
            page.body.contains(
                "<p class=\"summary\">Run, about 31 min, personal, rated 0 (0 up votes, 0 down votes)</p>"))
        #expect(page.body.contains("<p class=\"instructions\">Up hard, down easy.</p>"))
        #expect(
            page.body.contains(
                "<ul class=\"steps\"><li>Warm-up (warm-up): 10:00</li><li>6 times:<ul class=\"steps\">"
                    + "<li>Up: 1:30, heart-rate zone 4</li><li>Down (recover): 2:00</li></ul></li></ul>"))
        #expect(page.body.contains("<a href=\"/programs/\(fixture.hills)/edit\">Edit</a>"))
        // A run of zones has no power a Zwift file could hold, so no .zwo link; the program file always.
        #expect(!page.body.contains(".zwo\""))
        #expect(page.body.contains("<a href=\"/programs/\(fixture.hills).toml\">"))
        for action in ["vote", "start", "copy"] {
            #expect(page.body.contains("action=\"/programs/\(fixture.hills)/\(action)\""))
        }
        #expect(page.body.contains("<button type=\"submit\" name=\"direction\" value=\"up\">Vote up</button>"))
        #expect(page.body.contains("<input type=\"hidden\" name=\"csrf\" value=\"tok\">"))
    }

    @Test func sharesOfFTPAreSaidInWattsWithTheProfilesFTP() async throws {
        let fixture = try await ProgramsFixture()
        let page = try #require(
            try await ProgramPage.render(
                id: "sweet-spot-3x12", store: fixture.store, profile: FTPProfile(ftpWatts: 250), csrfToken: "t"))
        // 250 W × 50 % = 125 W, × 75 % = 187.5 → 188 W; × 90 % = 225 W; × 55 % = 137.5 → 138 W.
        #expect(page.body.contains("<li>Warm-up (warm-up): 10:00, 50 to 75 % of FTP (125 W) to (188 W)</li>"))
        #expect(page.body.contains("<li>Sweet spot: 12:00, 90 % of FTP (225 W), cadence 90</li>"))
        #expect(page.body.contains("<li>Easy (recover): 5:00, 55 % of FTP (138 W)</li>"))
        // 10 + 3 × 17 + 8 = 69 min.
        #expect(page.body.contains("Indoor ride, about 1 h 9 min, built-in, rated 0"))
        #expect(page.body.contains("<a href=\"/programs/sweet-spot-3x12.zwo\">"))
        // Built in: copied, never edited.
        #expect(!page.body.contains("/edit\""))
        #expect(page.body.contains("copy it first"))
    }

    @Test(arguments: ["nothing-here", "999", "../etc/passwd", "", "VO2MAX-4X4", "12%00"])
    func anIdThatNamesNoProgramIsNotFound(_ id: String) async throws {
        let fixture = try await ProgramsFixture()
        #expect(
            try await ProgramPage.render(id: id, store: fixture.store, profile: FTPProfile(), csrfToken: "t") == nil)
    }

    @Test func aTextThatNoLongerReadsIsSaidAndTheVotesStillWork() async throws {
        let fixture = try await ProgramsFixture()
        let text = ProgramsFixture.hillsText + "future = 1\n"
        try await fixture.store.updateProgram(id: fixture.hills, name: "Hill repeats", kind: .run, text: text)
        let page = try #require(
            try await ProgramPage.render(id: fixture.hills, store: fixture.store, profile: FTPProfile(), csrfToken: "t")
        )
        // The CLI's `show` says the reader's message for the stored text.
        let error = try #require(throws: ProgramError.self) {
            try Program(toml: text, file: "program \(fixture.hills)")
        }
        #expect(error.kind == .unknownKey)
        #expect(page.body.contains(HTMLText.escape(error.description)))
        #expect(page.body.contains("/vote\""))
        #expect(!page.body.contains("/start\""))
    }
}
