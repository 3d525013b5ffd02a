import BlueZTestKit
import Foundation
import Synchronization
import Testing

/// Log lines on a terminal must not land in the middle of the console's status line.
@Suite(.serialized) struct LogLineTests {
    /// A hub with nothing but the console, logging at info level.
    static let configuration = """
        [hub]
        log-level = "info"

        [plugins.console]
        mode = "lines"
        """

    @Test func onATerminalEachLogLineFirstClearsTheLine() async throws {
        let scratch = try Scratch()
        let config = try scratch.write("stayfit.toml", Self.configuration)
        let terminal = try PseudoTerminal()
        let process = try ChildProcess.spawn(
            StayfitProcess.binary.path, ["run", "--config", config, "--data-dir", scratch.path("data")],
            stderr: terminal.replica)
        terminal.closeReplica()  // the child has its own copy; the end of its output is then seen as EIO
        defer { process.stop() }
        var text = try await terminal.read(until: { $0.contains("] ready") }, timeout: TestDeadline.hang)
        process.send(SIGTERM)
        text += try await terminal.read(until: { _ in false }, timeout: TestDeadline.hang)
        #expect(try await process.termination(within: TestDeadline.hang) == .exited(0), "stderr: \(text)")

        let lines = text.components(separatedBy: "\r\n").filter { !$0.isEmpty }
        #expect(lines.count >= 2, "stderr: \(text)")  // at least "starting" and "ready"
        for line in lines {
            #expect(line.hasPrefix("\r\u{1B}[K"), "\(line.debugDescription)")
        }
    }

    @Test func inAPipeLogLinesArePlain() async throws {
        let scratch = try Scratch()
        let config = try scratch.write("stayfit.toml", Self.configuration)
        let hub = try StayfitProcess(["run", "--config", config, "--data-dir", scratch.path("data")])
        try await hub.waitForOutput("StayFit Hub is ready")
        hub.send("quit")
        #expect(try await hub.waitForExit() == 0)
        #expect(hub.standardError.contains("info stayfit"), "stderr: \(hub.standardError)")
        #expect(!hub.standardError.contains("\u{1B}") && !hub.standardError.contains("\r"))
    }
}

/// A pseudo-terminal pair: the replica end is a child's stderr, the test reads the primary end.
private final class PseudoTerminal: Sendable {
    let primary: Int32
    let replica: Int32
    private let replicaOpen = Mutex(true)

    init() throws {
        // posix_openpt and friends are not in Swift's Glibc module: the Linux ioctls they wrap are.
        primary = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard primary >= 0 else { throw PseudoTerminalError.unavailable }
        var unlock: Int32 = 0
        var number: UInt32 = 0
        // TIOCSPTLCK and TIOCGPTN from <asm-generic/ioctls.h>: _IOW('T', 0x31, int) and _IOR('T', 0x30, unsigned int).
        guard ioctl(primary, 0x4004_5431, &unlock) == 0, ioctl(primary, 0x8004_5430, &number) == 0 else {
            close(primary)
            throw PseudoTerminalError.unavailable
        }
        replica = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
        guard replica >= 0 else {
            close(primary)
            throw PseudoTerminalError.unavailable
        }
    }

    func closeReplica() {
        replicaOpen.withLock { open in
            if open { close(replica) }
            open = false
        }
    }

    /// What is written until `done` holds for all of it, or until the last replica closes; fails after `timeout`.
    func read(until done: (String) -> Bool, timeout: Duration) async throws -> String {
        let primary = self.primary
        let deadline = ContinuousClock.now + timeout
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !done(String(decoding: bytes, as: UTF8.self)) {
            var descriptor = pollfd(fd: primary, events: Int16(POLLIN), revents: 0)
            // Short polls keep this cooperative thread free; the wait is bounded by `timeout`.
            let ready = poll(&descriptor, 1, 50)
            if ready == 0 {
                guard ContinuousClock.now < deadline else { throw PseudoTerminalError.timedOut }
                try await Task.sleep(for: .milliseconds(10))
                continue
            }
            let count = buffer.withUnsafeMutableBytes { Glibc.read(primary, $0.baseAddress, $0.count) }
            if count > 0 {
                bytes += buffer[0..<count]
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                break  // EIO: no process has the replica open any more
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    deinit {
        closeReplica()
        close(primary)
    }
}

private enum PseudoTerminalError: Error { case unavailable, timedOut }
