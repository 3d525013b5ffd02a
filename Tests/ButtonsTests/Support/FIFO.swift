import Foundation
import HubTestKit

@testable import Buttons

#if canImport(Glibc)
    import Glibc
#endif

/// A FIFO standing in for `/dev/input/event*` (there is no /dev/uinput here): the test writes `struct input_event`
/// records into it as the kernel would.
final class FIFO: Sendable {
    let path: String

    init(_ path: String) throws {
        self.path = path
        guard mkfifo(path, 0o600) == 0 else {
            throw TestKitError("mkfifo \(path): \(String(cString: strerror(errno)))")
        }
    }

    /// Opens the writing end once a reader has it open; bounded, without blocking a thread.
    func openWriter(timeout: Duration = .seconds(30)) async throws -> FIFOWriter {
        let deadline = ContinuousClock.now + timeout
        while true {
            let descriptor = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
            if descriptor >= 0 { return FIFOWriter(descriptor: descriptor) }
            guard errno == ENXIO, ContinuousClock.now < deadline else {
                throw TestKitError("no reader opened \(path) within \(timeout): \(String(cString: strerror(errno)))")
            }
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    func remove() { unlink(path) }
}

/// The writing end of a ``FIFO``.
final class FIFOWriter: Sendable {
    let descriptor: Int32

    init(descriptor: Int32) { self.descriptor = descriptor }

    deinit { close(descriptor) }

    /// Writes raw bytes (whole records, or garbage).
    func write(_ bytes: [UInt8]) throws {
        let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        guard written == bytes.count else { throw TestKitError("short write to a FIFO: \(written)") }
    }

    /// Key down (1), up (0) or repeat (2), each followed by SYN_REPORT as the kernel does.
    func key(_ code: UInt16, _ value: Int32) throws {
        try write(
            InputEvent(type: 1, code: code, value: value).record() + InputEvent(type: 0, code: 0, value: 0).record())
    }

    /// Down and up at once: a short press.
    func tap(_ code: UInt16) throws {
        try key(code, 1)
        try key(code, 0)
    }
}
