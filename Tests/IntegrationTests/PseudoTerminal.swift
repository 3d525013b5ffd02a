import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A pseudo-terminal pair: the replica end is a child's stderr, the test reads the primary end.
final class PseudoTerminal: Sendable {
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

    /// Types `text` on the terminal, as a person at its keyboard would.
    func type(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(primary, $0.baseAddress, $0.count) }
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

enum PseudoTerminalError: Error { case unavailable, timedOut }
