import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `stayfit run` on a data directory that others may write into: said at start, and made the owner's alone.
@Suite(.timeLimit(.minutes(5))) struct DataDirectoryPermissionsTests {
    @Test(arguments: [(0o777, "everyone"), (0o770, "its group")])
    func aDataDirectoryOthersMayWriteIntoIsReportedAndMadeTheOwnersAlone(mode: Int, writers: String) async throws {
        let scratch = try Scratch()
        let data = scratch.path("data")
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: false)
        // chmod, not createDirectory's attributes: the umask would take the group's and others' bits away again.
        #expect(chmod(data, mode_t(mode)) == 0)
        let config = try scratch.write("stayfit.toml", "[plugins.console]\nmode = \"lines\"\n")
        let hub = try StayfitProcess(["run", "--config", config, "--data-dir", data])
        try await hub.waitForOutput("StayFit Hub is ready")
        hub.send("quit")
        #expect(try await hub.waitForExit() == 0, "stderr: \(hub.standardError)")

        let octal = "0" + String(mode, radix: 8)
        #expect(
            hub.standardError.contains(
                "the data directory \(data) was writable by \(writers) (mode \(octal)); changed to 0700"),
            "stderr: \(hub.standardError)")
        let attributes = try FileManager.default.attributesOfItem(atPath: data)
        #expect((attributes[.posixPermissions] as? Int) == 0o700)
    }

    @Test func aDataDirectoryOnlyItsOwnerMayWriteIntoIsLeftAsItIsAndNotMentioned() async throws {
        let scratch = try Scratch()
        let data = scratch.path("data")
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: false)
        #expect(chmod(data, 0o755) == 0)
        let config = try scratch.write("stayfit.toml", "[plugins.console]\nmode = \"lines\"\n")
        let hub = try StayfitProcess(["run", "--config", config, "--data-dir", data])
        try await hub.waitForOutput("StayFit Hub is ready")
        hub.send("quit")
        #expect(try await hub.waitForExit() == 0, "stderr: \(hub.standardError)")
        #expect(!hub.standardError.contains("the data directory"), "stderr: \(hub.standardError)")
        let attributes = try FileManager.default.attributesOfItem(atPath: data)
        #expect((attributes[.posixPermissions] as? Int) == 0o755)
    }
}
