import Foundation
import HubCore
import HubStore
import Programs
import Records
import Testing

@testable import Web

/// Import by upload: stored as `stayfit programs import` stores the file, refused with its messages.
@Suite struct ProgramImportPageTests {
    static let zwift = """
        <?xml version="1.0" encoding="UTF-8"?>
        <workout_file>
            <name>Over-unders</name>
            <sportType>bike</sportType>
            <workout>
                <Warmup Duration="600" PowerLow="0.5" PowerHigh="0.75"/>
                <IntervalsT Repeat="3" OnDuration="120" OffDuration="60" OnPower="1.05" OffPower="0.9"/>
                <Cooldown Duration="300" PowerLow="0.6" PowerHigh="0.4"/>
            </workout>
        </workout_file>

        """

    /// upload.js posts the chosen file's bytes with the token in a header (the page's `csrf-token` meta), so the form
    /// carries no token of its own and says what to do without JavaScript.
    @Test func theFormUploadsAZwiftOrProgramFile() {
        let page = ProgramImportPage.form(csrfToken: "tok")
        #expect(page.body.contains("<form class=\"program-import\" method=\"post\" action=\"/programs/import\">"))
        #expect(
            page.body.contains("<input id=\"program-file\" type=\"file\" name=\"file\" accept=\".zwo,.toml\" required>")
        )
        #expect(!page.body.contains("tok"))
        #expect(page.body.contains("<noscript><p>Importing needs JavaScript"))
    }

    @Test func aZwiftWorkoutIsStoredAsItsTOMLForm() async throws {
        let fixture = try await ProgramsFixture()
        let outcome = try await ProgramImportPage.upload(
            fileName: "Over-unders.ZWO", bytes: Array(Self.zwift.utf8), store: fixture.store, csrfToken: "t")
        guard case .redirect(let target) = outcome else { Issue.record("not imported: \(outcome)"); return }
        let id = String(target.dropFirst("/programs/".count))
        let stored = try #require(try await fixture.store.program(id: id))
        let program = try Program(zwift: Self.zwift, file: "Over-unders.ZWO")
        #expect(stored.text == program.toml)
        #expect(stored.name == "Over-unders")
        #expect(stored.kind == .ride)
        #expect(stored.copiedFrom == nil && !stored.builtIn)
        // 10:00 + 3 × (2:00 + 1:00) + 5:00 = 24 min.
        let page = try #require(
            try await ProgramPage.render(id: id, store: fixture.store, profile: FTPProfile(), csrfToken: "t"))
        #expect(page.body.contains("Ride, about 24 min, personal"))
    }

    @Test func aProgramFileIsStoredAsWrittenCommentsAndAll() async throws {
        let fixture = try await ProgramsFixture()
        let text = "# My hills\n" + ProgramsFixture.hillsText
        let outcome = try await ProgramImportPage.upload(
            fileName: "hills", bytes: Array(text.utf8), store: fixture.store, csrfToken: "t")
        guard case .redirect(let target) = outcome else { Issue.record("not imported: \(outcome)"); return }
        let stored = try #require(try await fixture.store.program(id: String(target.dropFirst("/programs/".count))))
        #expect(stored.text == text)
    }

    /// Each refusal with the CLI's words, nothing stored.
    @Test(
        arguments: [
            ("hills.toml", [0x6E, 0x61, 0xFF, 0xFE], "hills.toml: the file is not UTF-8 text. Save it as UTF-8."),
            ("ride.zwo", Array("<workout_file><name>x</name>".utf8), "ride.zwo:"),
            ("hills.toml", Array("name = \"x\nkind".utf8), "hills.toml:1: "),
            ("empty.toml", Array("name = \"Empty\"\nkind = \"run\"\n".utf8), "empty.toml: "),
            (
                "<img src=x onerror=alert(1)>.toml", Array("name = 1\n".utf8),
                "&lt;img src=x onerror=alert(1)&gt;.toml:1: "
            ),
        ] as [(String, [UInt8], String)])
    func aBadFileIsRefusedWithTheCLIsMessage(_ name: String, _ bytes: [UInt8], _ start: String) async throws {
        let fixture = try await ProgramsFixture()
        let before = try await fixture.snapshot()
        let outcome = try await ProgramImportPage.upload(
            fileName: name, bytes: bytes, store: fixture.store, csrfToken: "t")
        guard case .invalid(let page) = outcome else { Issue.record("imported: \(outcome)"); return }
        #expect(page.body.contains("<div class=\"program-problems\" role=\"alert\"><p>\(start)"), "\(page.body)")
        #expect(page.body.contains("Nothing was imported.</p>"))
        // The CLI's message for the same file, where the text reads: its import's very words.
        if let text = String(bytes: bytes, encoding: .utf8) {
            let error = try #require(throws: ProgramError.self) { try ProgramImport(text: text, file: name) }
            #expect(page.body.contains(HTMLText.escape("\(error) Nothing was imported.")))
        }
        #expect(!page.body.contains("<img"))
        #expect(try await fixture.snapshot() == before)
    }

    @Test func noFileChosenIsSaid() async throws {
        let fixture = try await ProgramsFixture()
        guard
            case .invalid(let page) = try await ProgramImportPage.upload(
                fileName: "", bytes: [], store: fixture.store, csrfToken: "t")
        else { Issue.record("imported"); return }
        #expect(page.body.contains("No file was chosen: choose a .toml or .zwo file."))
    }

    @Test func aFileLargerThanAProgramMayBeIsRefused() async throws {
        let fixture = try await ProgramsFixture()
        let bytes = [UInt8](repeating: UInt8(ascii: "#"), count: Program.Limits.largestFile + 1)
        guard
            case .invalid(let page) = try await ProgramImportPage.upload(
                fileName: "big.toml", bytes: bytes, store: fixture.store, csrfToken: "t")
        else { Issue.record("imported"); return }
        #expect(page.body.contains("big.toml: the file is larger than a program may be (1 MiB)."))
    }
}
