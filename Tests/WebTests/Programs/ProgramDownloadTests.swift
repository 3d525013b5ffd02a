import Foundation
import HubCore
import HubStore
import Programs
import Records
import Testing

@testable import Web

/// `/programs/{id}.zwo` and `.toml`: `stayfit programs export`'s text, under a name no request chooses.
@Suite struct ProgramDownloadTests {
    @Test func aRideDownloadsAsTheCLIsZwiftFile() async throws {
        let fixture = try await ProgramsFixture()
        let outcome = try await ProgramDownload.make(id: "sweet-spot-3x12", format: "zwo", store: fixture.store)
        guard case .file(let file) = outcome else { Issue.record("no file: \(outcome)"); return }
        #expect(file.fileName == "3-x-12-min-sweet-spot.zwo")
        #expect(file.contentType == "application/xml")
        let expected = try #require(BuiltInPrograms.program(id: "sweet-spot-3x12")).zwift()
        #expect(String(decoding: file.bytes, as: UTF8.self) == expected + (expected.hasSuffix("\n") ? "" : "\n"))
        // It reads back as the same program's steps.
        #expect(
            try Program(zwift: String(decoding: file.bytes, as: UTF8.self)).estimatedDuration
                == .seconds(69 * 60))
    }

    @Test func aProgramZwiftCannotSayIsRefusedWithTheModulesMessage() async throws {
        let fixture = try await ProgramsFixture()
        let outcome = try await ProgramDownload.make(id: "strength-5x5", format: "zwo", store: fixture.store)
        guard case .refused(let page) = outcome else { Issue.record("a file: \(outcome)"); return }
        let error = try #require(throws: ProgramError.self) {
            try #require(BuiltInPrograms.program(id: "strength-5x5")).zwift()
        }
        #expect(page.body.contains(HTMLText.escape("\(error) Download the program file (.toml) instead.")))
    }

    @Test func theProgramFileIsTheStoredText() async throws {
        let fixture = try await ProgramsFixture()
        guard
            case .file(let file) = try await ProgramDownload.make(
                id: fixture.hills, format: "toml", store: fixture.store)
        else { Issue.record("no file"); return }
        #expect(file.fileName == "hill-repeats.toml")
        #expect(file.bytes == Array(ProgramsFixture.hillsText.utf8))
    }

    @Test func theFileNameIsMadeSafeFromAnyName() {
        func name(_ text: String, id: String = "7") -> String {
            ProgramDownload.fileName(
                of: StoredProgram(id: id, name: text, kind: .ride, text: ""), format: "zwo")
        }
        #expect(name("../../etc/passwd") == "etc-passwd.zwo")
        #expect(name("\"; rm -rf /\r\nX: y") == "rm-rf-x-y.zwo")
        #expect(name("Über 4×4 — hart!") == "ber-4-4-hart.zwo")
        #expect(name("日本") == "program-7.zwo")
        #expect(name(String(repeating: "ab ", count: 30)).count <= 44)
    }

    @Test(arguments: [("sweet-spot-3x12", "pdf"), ("../sweet-spot-3x12", "zwo"), ("nope", "toml")])
    func anUnknownProgramOrFormatIsNotFound(_ id: String, _ format: String) async throws {
        let fixture = try await ProgramsFixture()
        #expect(try await ProgramDownload.make(id: id, format: format, store: fixture.store) == .notFound)
    }
}
