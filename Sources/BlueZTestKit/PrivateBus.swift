import Foundation
import Synchronization

/// A `dbus-daemon` of our own, started for one test and killed by pid at its end.
public final class PrivateBus: Sendable {
    /// The address printed by the daemon, e.g. `unix:path=/tmp/dbus-…,guid=…`.
    public let address: String
    /// The daemon's process id, for benchmarks that read its CPU time in `/proc/<pid>/stat`.
    ///
    /// Only meaningful until ``kill(signal:)``: afterwards the id may belong to another process.
    public let pid: pid_t
    private let stopped = Mutex(false)

    private init(address: String, pid: pid_t) {
        self.address = address
        self.pid = pid
    }

    /// Starts `dbus-daemon --session --fork` and reads its address and pid (two lines on stdout), on a thread of
    /// its own: the read blocks until the daemon has started, which a loaded machine makes long.
    public static func start() async throws -> PrivateBus {
        try await onOwnThread("dbus-daemon start") { try startBlocking() }
    }

    private static func startBlocking() throws -> PrivateBus {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { throw HarnessError("pipe() failed") }
        let launcher: ChildProcess
        do {
            launcher = try ChildProcess.spawn(
                "/usr/bin/dbus-daemon", ["--session", "--fork", "--print-address=1", "--print-pid=1"], stdout: fds[1])
        } catch {
            close(fds[0])
            close(fds[1])
            throw error
        }
        close(fds[1])
        defer { close(fds[0]) }
        var text = ""
        var buffer = [UInt8](repeating: 0, count: 512)
        // The forked daemon keeps the pipe open, so read until two lines rather than until EOF.
        while text.filter({ $0 == "\n" }).count < 2 {
            let count = read(fds[0], &buffer, buffer.count)
            if count <= 0 { break }
            text += String(decoding: buffer[0..<count], as: UTF8.self)
        }
        launcher.wait(timeout: .seconds(10))
        let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        guard lines.count >= 2, let pid = pid_t(lines[1]), pid > 0, !lines[0].isEmpty else {
            throw HarnessError("dbus-daemon printed no address and pid: \(text.debugDescription)")
        }
        return PrivateBus(address: lines[0], pid: pid)
    }

    /// Sends `signal` to the daemon, once: its pid may be reused by another process afterwards.
    public func kill(signal: Int32 = SIGTERM) {
        let first = stopped.withLock { stopped in
            defer { stopped = true }
            return !stopped
        }
        if first { _ = Foundation.kill(pid, signal) }
    }
}

/// A failure of the test harness itself (not of the code under test).
public struct HarnessError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
