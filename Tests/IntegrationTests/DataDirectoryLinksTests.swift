import Foundation
import HubStore
import Testing

/// A symbolic link (or a FIFO) planted in the data directory where the hub makes its own files — `hub.lock`,
/// `stayfit.sqlite` and its `-wal` and `-shm` files — is refused with what to do, and what it leads to is never
/// touched. As root, the hub once truncated and overwrote any file a `hub.lock` link named, and made its database
/// wherever a `stayfit.sqlite` link pointed.
@Suite(.serialized) struct DataDirectoryLinksTests {
    static let precious = "precious, not the hub's\n"

    private static func message(_ path: String, _ kind: String = "a symbolic link") -> String {
        "error: cannot use \(path): it is \(kind), not a regular file. The hub opens nothing else in its data "
            + "directory, since a link there could make it overwrite any file: remove it (rm \(path)) and the hub "
            + "makes the file afresh, or name another folder with --data-dir.\n"
    }

    @Test func aLinkAtTheLockFileIsRefusedAndTheFileItNamesIsLeftAsItWas() async throws {
        let scratch = try Scratch()
        let victim = try scratch.write("victim", Self.precious)
        let data = scratch.path("data")
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: data + "/hub.lock", withDestinationPath: victim)
        let reset = try await StayfitProcess.run(["reset", "--yes", "--data-dir", data], timeout: .seconds(30))
        #expect(reset.status == 1)
        #expect(reset.error == Self.message(data + "/hub.lock"))
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == Self.precious)
    }

    @Test func aFIFOAtTheLockFileIsRefused() async throws {
        let scratch = try Scratch()
        let data = scratch.path("data")
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
        try #require(mkfifo(data + "/hub.lock", 0o600) == 0)
        let reset = try await StayfitProcess.run(["reset", "--yes", "--data-dir", data], timeout: .seconds(30))
        #expect(reset.status == 1)
        #expect(reset.error == Self.message(data + "/hub.lock", "a FIFO (named pipe)"))
    }

    @Test func aLinkAtTheDatabaseIsRefusedAndNoDatabaseIsMadeWhereItPoints() async throws {
        let scratch = try Scratch()
        let elsewhere = scratch.path("elsewhere.sqlite")
        let data = scratch.path("data")
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: data + "/stayfit.sqlite", withDestinationPath: elsewhere)
        let list = try await StayfitProcess.run(["workouts", "--data-dir", data], timeout: .seconds(30))
        #expect(list.status == 1)
        #expect(list.error == Self.message(data + "/stayfit.sqlite"))
        #expect(!FileManager.default.fileExists(atPath: elsewhere))
    }

    @Test(arguments: ["-wal", "-shm"])
    func aLinkAtTheDatabasesOwnFileIsRefusedAndTheFileItNamesIsLeftAsItWas(suffix: String) async throws {
        let scratch = try Scratch()
        _ = try scratch.store()  // a database, closed again
        let victim = try scratch.write("victim", Self.precious)
        let data = scratch.path("data")
        try? FileManager.default.removeItem(atPath: data + "/stayfit.sqlite" + suffix)
        try FileManager.default.createSymbolicLink(
            atPath: data + "/stayfit.sqlite" + suffix, withDestinationPath: victim)
        let list = try await StayfitProcess.run(["workouts", "--data-dir", data], timeout: .seconds(30))
        #expect(list.status == 1)
        #expect(list.error == Self.message(data + "/stayfit.sqlite" + suffix))
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == Self.precious)
    }
}
