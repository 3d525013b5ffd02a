import BlueZTestKit
import Foundation
import HubCore
import HubStore
import HubTestKit
import Programs
import Records
import Testing

@testable import Web

/// The same changes made by the built `stayfit programs` in one store and by the pages in another leave the two
/// stores' programs the same: ids, names, kinds, texts, votes and copies.
@Suite struct ProgramsLikeTheCLITests {
    /// `stayfit` sits next to the test bundle in the build directory.
    static let binary: URL = {
        let here = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        for candidate in [here, here.deletingLastPathComponent()] {
            let url = candidate.appendingPathComponent("stayfit")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return here.appendingPathComponent("stayfit")
    }()

    /// Runs `stayfit programs arguments --data-dir data` and returns its exit code; its errors go to `log`.
    private func cli(_ arguments: [String], data: URL, log: URL, environment: [String: String] = [:]) async throws
        -> Int32?
    {
        let process = try ChildProcess.spawn(
            Self.binary.path, ["programs"] + arguments + ["--data-dir", data.path], environment: environment,
            stderrPath: log.path)
        return try await process.exitCode(within: TestDeadline.hang)
    }

    @Test func importCopyVoteAndEditChangeTheStoreAsTheCLIDoes() async throws {
        let scratch = try TemporaryDirectory()
        let cliData = scratch.url.appending(path: "cli")
        let log = scratch.url.appending(path: "stderr.txt")
        let hills = scratch.url.appending(path: "hills.toml")
        let zwift = scratch.url.appending(path: "over-unders.zwo")
        let edited = scratch.url.appending(path: "edited.toml")
        let editedText = ProgramsFixture.hillsText.replacingOccurrences(of: "repeat = 6", with: "repeat = 7")
        try Data(ProgramsFixture.hillsText.utf8).write(to: hills)
        try Data(ProgramImportPageTests.zwift.utf8).write(to: zwift)
        try Data(editedText.utf8).write(to: edited)
        try FileManager.default.createDirectory(at: cliData, withIntermediateDirectories: true)

        // The CLI: the built-ins take ids 1 to 10, so the files are 11 and 12 and the copy 13.
        for arguments in [
            ["import", hills.path], ["import", zwift.path], ["copy", "run-8x400"], ["rate", "run-8x400", "up"],
            ["rate", "run-8x400", "up"], ["rate", "11", "down"],
        ] {
            let status = try await cli(arguments, data: cliData, log: log)
            #expect(status == 0, "\(arguments): \((try? String(contentsOf: log, encoding: .utf8)) ?? "")")
        }
        // The editor "edits" by copying the new text over the draft.
        let status = try await cli(
            ["edit", "11"], data: cliData, log: log, environment: ["EDITOR": "cp '\(edited.path)'"])
        #expect(status == 0, "edit: \((try? String(contentsOf: log, encoding: .utf8)) ?? "")")

        // The pages, in another store.
        let web = try HubStore(directory: scratch.url.appending(path: "web"))
        #expect(
            try await ProgramImportPage.upload(
                fileName: "hills.toml", bytes: Array(ProgramsFixture.hillsText.utf8), store: web, csrfToken: "t")
                == .redirect(to: "/programs/11"))
        #expect(
            try await ProgramImportPage.upload(
                fileName: "over-unders.zwo", bytes: Array(ProgramImportPageTests.zwift.utf8), store: web,
                csrfToken: "t") == .redirect(to: "/programs/12"))
        #expect(try await ProgramActions.copy(id: "run-8x400", store: web) == .redirect(to: "/programs/13/edit"))
        for (id, direction) in [("run-8x400", "up"), ("run-8x400", "up"), ("11", "down")] {
            _ = try await ProgramActions.vote(id: id, fields: ["direction": direction], store: web)
        }
        #expect(
            try await ProgramEditPage.save(id: "11", fields: ["program": editedText], store: web, csrfToken: "t")
                == .redirect(to: "/programs/11"))

        let byCLI = try await HubStore(directory: cliData).programs(includingHidden: true)
        let byWeb = try await web.programs(includingHidden: true)
        #expect(byCLI.count == 13)
        #expect(byWeb == byCLI)
        #expect(byWeb.first { $0.id == "11" }?.text == editedText)
    }
}
