import BlueZTestKit
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A FIFO standing in for `/dev/input/event*` (there is no /dev/uinput in a container): a test writes
/// `struct input_event` records into it as the kernel would, for the buttons plugin or a whole hub to read.
public final class InputEventFIFO: Sendable {
    public let path: String

    public init(_ path: String) throws {
        self.path = path
        guard mkfifo(path, 0o600) == 0 else {
            throw TestKitError("mkfifo \(path): \(String(cString: strerror(errno)))")
        }
    }

    /// Opens the writing end once a reader has the FIFO open; bounded, without blocking a thread.
    public func openWriter(timeout: Duration = TestDeadline.hang) async throws -> InputEventWriter {
        let deadline = ContinuousClock.now + timeout
        while true {
            let descriptor = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
            if descriptor >= 0 { return InputEventWriter(descriptor: descriptor) }
            guard errno == ENXIO, ContinuousClock.now < deadline else {
                throw TestKitError("no reader opened \(path) within \(timeout): \(String(cString: strerror(errno)))")
            }
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    public func remove() { unlink(path) }
}

/// The writing end of an ``InputEventFIFO``. Encodes records by hand, independently of the code under test.
public final class InputEventWriter: Sendable {
    public let descriptor: Int32

    init(descriptor: Int32) { self.descriptor = descriptor }

    deinit { close(descriptor) }

    /// `struct input_event` on a 64-bit machine (`'<qqHHi'`: seconds, microseconds, type, code, value).
    public static func record(type: UInt16, code: UInt16, value: Int32) -> [UInt8] {
        var bytes: [UInt8] = []
        withUnsafeBytes(of: Int64(0).littleEndian) { bytes.append(contentsOf: $0) }
        withUnsafeBytes(of: Int64(0).littleEndian) { bytes.append(contentsOf: $0) }
        withUnsafeBytes(of: type.littleEndian) { bytes.append(contentsOf: $0) }
        withUnsafeBytes(of: code.littleEndian) { bytes.append(contentsOf: $0) }
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
        return bytes
    }

    /// Writes raw bytes (whole records, or garbage).
    public func write(_ bytes: [UInt8]) throws {
        let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        guard written == bytes.count else { throw TestKitError("short write to a FIFO: \(written)") }
    }

    /// Key down (1), up (0) or repeat (2) as EV_KEY, followed by SYN_REPORT as the kernel does.
    public func key(_ code: UInt16, _ value: Int32) throws {
        try write(Self.record(type: 1, code: code, value: value) + Self.record(type: 0, code: 0, value: 0))
    }

    /// Down and up at once: a short press.
    public func tap(_ code: UInt16) throws {
        try key(code, 1)
        try key(code, 0)
    }
}
