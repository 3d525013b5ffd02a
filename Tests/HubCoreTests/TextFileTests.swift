import Foundation
import HubCore
import HubTestKit
import Testing

/// The one reader of files a person names (the configuration, a recording): regular files only, opened without
/// waiting, and no NUL byte.
@Suite(.timeLimit(.minutes(5))) struct TextFileTests {
    @Test func aFIFOIsRefusedWithoutWaitingForAWriter() throws {
        let directory = try TemporaryDirectory()
        let path = directory.url.appendingPathComponent("stayfit.toml").path
        try #require(mkfifo(path, 0o600) == 0)
        #expect(throws: TextFile.Failure.notARegularFile(kind: "a FIFO (named pipe)")) {
            try TextFile.read(path, limit: 1_000)
        }
        let error = try #require(throws: ConfigurationError.self) { try HubConfiguration.load(path: path) }
        #expect(
            error.description
                == "\(path): the configuration file is a FIFO (named pipe), not a regular file. "
                + "Give the path of a regular file, or start from the sample etc/stayfit.toml.")
    }

    @Test func aFIFOWithAWriterIsRefusedUnread() throws {
        let directory = try TemporaryDirectory()
        let path = directory.url.appendingPathComponent("run.csv").path
        try #require(mkfifo(path, 0o600) == 0)
        // A writer that stays: a reader that read the FIFO would wait for its end forever.
        let writer = open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC)
        try #require(writer >= 0)
        defer { close(writer) }
        #expect(write(writer, "seconds,heart_rate\n0,90\n", 24) == 24)
        #expect(throws: TextFile.Failure.notARegularFile(kind: "a FIFO (named pipe)")) {
            try TextFile.read(path, limit: 1_000)
        }
    }

    @Test func aDeviceOrASocketIsRefusedAndDevNullIsEmpty() throws {
        #expect(throws: TextFile.Failure.notARegularFile(kind: "a device")) {
            try TextFile.read("/dev/zero", limit: 999)
        }
        #expect(try TextFile.read("/dev/null", limit: 999) == "")

        let directory = try TemporaryDirectory()
        let path = directory.url.appendingPathComponent("socket").path
        let socket = Foundation.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        try #require(socket >= 0)
        defer { close(socket) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in path.utf8.enumerated() where index < buffer.count - 1 { buffer[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socket, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        try #require(bound == 0)
        #expect(throws: TextFile.Failure.notARegularFile(kind: "a FIFO or socket with no one at the other end")) {
            try TextFile.read(path, limit: 999)
        }
    }

    @Test func aSymbolicLinkToARegularFileIsRead() throws {
        let directory = try TemporaryDirectory()
        let target = directory.url.appendingPathComponent("real.toml").path
        let link = directory.url.appendingPathComponent("stayfit.toml").path
        try "[hub]\nlog-level = \"debug\"\n".write(toFile: target, atomically: true, encoding: .utf8)
        try #require(symlink(target, link) == 0)
        #expect(try HubConfiguration.load(path: link).logLevel == .debug)
    }

    @Test func aNULByteIsRefusedWithItsLine() throws {
        let directory = try TemporaryDirectory()
        let path = directory.url.appendingPathComponent("stayfit.toml").path
        // Everything after the NUL used to go unseen: the unknown table, and whatever a person meant there.
        try Data("[hub]\nlog-level = \"info\"\n\0\n[bogus]\nx = 1\n".utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: TextFile.Failure.nulByte(line: 3)) { try TextFile.read(path, limit: 1_000) }
        let error = try #require(throws: ConfigurationError.self) { try HubConfiguration.load(path: path) }
        #expect(error.kind == .unreadable)
        #expect(
            error.description
                == "\(path):3: the configuration file has a NUL byte on line 3, which text never has. "
                + "Remove it: the file may be damaged (cat -v shows a NUL byte as ^@).")
    }
}
