import Foundation
import HubCore
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// What a child process or a plugin writes to its output, collected as it comes.
///
/// Read by the hub's own ``FileDescriptorReader`` (a thread of its own, blocked in `poll`), not by Foundation's
/// `FileHandle.readabilityHandler`: tearing that handler's dispatch read source down races the descriptor's
/// close inside libdispatch (swift-corelibs-libdispatch#949), and CI lost a whole test run to it: a SIGSEGV in
/// `_dispatch_event_loop_drain` while the integration tests started and stopped `stayfit` processes.
public final class CollectedOutput: Sendable {
    /// The end a writer writes to: give it to a child process, or to a plugin as its output.
    public let writeEnd: Int32
    private let bytes = Bytes()
    private let reader: FileDescriptorReader
    private let writeEndOpen = Atomic<Bool>(true)

    /// Makes the channel and starts reading its far end; `name` names the reading thread.
    ///
    /// A stream socket pair rather than a pipe: it is made close-on-exec at once (`pipe2` is not visible through
    /// Glibc, and `pipe` then `fcntl` would let a child spawned meanwhile by a parallel test inherit the write end,
    /// which would then hold the end off); writers see it as a pipe, bytes in order, end of file when all close.
    public init(name: String) throws {
        var ends: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else {
            throw TestKitError("cannot make a channel for \(name): \(String(cString: strerror(errno)))")
        }
        writeEnd = ends[1]
        reader = FileDescriptorReader(
            descriptor: ends[0], framing: .chunks(bufferSize: 4096), ownership: .owned, name: name
        ) { [bytes] chunk in
            bytes.value.withLock { $0 += chunk }
        }
    }

    /// Everything read so far, as text (decoded whole, so a character split between two reads stays whole).
    public var text: String { String(decoding: bytes.value.withLock { $0 }, as: UTF8.self) }

    /// Closes this side's copy of the write end: once every writer has closed theirs, the reader sees the end.
    /// A child process holds its own copy, so call this right after starting it. Safe to call more than once.
    public func closeWriteEnd() {
        if writeEndOpen.exchange(false, ordering: .acquiringAndReleasing) { close(writeEnd) }
    }

    /// Waits, without blocking a thread, until every writer has closed its end; at most `timeout`. Returns
    /// whether the end was reached: a writer's child that inherited the end can keep it open longer.
    @discardableResult
    public func waitForEnd(timeout: Duration) async throws -> Bool {
        let deadline = ContinuousClock.now + timeout
        while reader.ending == nil {
            guard ContinuousClock.now < deadline else { return false }
            try await Task.sleep(for: .milliseconds(10))
        }
        return true
    }

    deinit {
        closeWriteEnd()
        // The reader owns the read end and closes it on its own thread, after its last poll.
        reader.stop()
    }
}

/// The bytes read so far, shared with the reading thread (a `Mutex` cannot be captured by itself).
private final class Bytes: Sendable {
    let value = Mutex<[UInt8]>([])
}
