import Foundation
import Synchronization
import Threading

#if canImport(Glibc)
    import Glibc
#endif

/// Waits on one file descriptor on a thread of its own and hands what it reads over as an async stream.
///
/// `read()` blocks, and a blocked cooperative thread would stall the hub (a Raspberry Pi has four), so every
/// descriptor the hub waits on — standard input, BlueZ's `AcquireNotify` socket, gpsd's TCP socket, an evdev
/// device, inotify — is read here. The thread sleeps in `poll()` on the descriptor and on a wake-up socket that
/// only ``stop()`` writes to, with no timeout: an idle reader costs no wake-ups at all.
///
/// ```swift
/// let reader = FileDescriptorReader(
///     descriptor: socket, framing: .packets(maximumSize: 517), ownership: .owned, name: "hr-notify")
/// for await payload in reader.records { handle(payload) }
/// // the stream ended: the peer hung up, or stop() was called, or the consumer went away
/// ```
///
/// The stream (``records``) ends at end of file or hang-up, on a read error, after ``stop()``, or when its
/// consumer stops iterating (the task is cancelled or the stream is dropped); ``ending`` then says which.
/// It ends only after the thread has finished with the descriptor, so a ``Ownership/borrowed`` descriptor may
/// be closed by its owner once the stream has ended, never before.
///
/// A consumer that falls behind loses the oldest records beyond `bufferLimit`; each
/// loss is counted in ``droppedRecords``. Records that cannot be framed (a line over the length limit, a
/// partial fixed-size record at end of file) are counted in ``discardedRecords``.
///
/// - Important: This is the hub's one bridge from a blocking thread to async code. It needs no
///   `@unchecked Sendable`: the only state the thread shares with other threads is behind a `Mutex` (the
///   stop request, the wake-up socket's lifetime, the ending) or `Atomic` (the counters), and records cross over
///   through `AsyncStream`'s continuation, which is `Sendable`.
public final class FileDescriptorReader: Sendable {
    /// How the bytes read are cut into the stream's elements.
    public enum Framing: Sendable, Equatable {
        /// Whatever one `read()` returns, at most `bufferSize` bytes: a byte stream where boundaries carry
        /// no meaning (standard input, a pipe).
        case chunks(bufferSize: Int)
        /// One element per `read()`, which returns one whole record: a `SOCK_SEQPACKET` socket (BlueZ's
        /// `AcquireNotify`), or inotify, whose reads hold whole events only (parse the batch yourself).
        ///
        /// A record longer than `maximumSize` is cut short by the kernel, so size it generously (inotify
        /// needs at least `sizeof(struct inotify_event) + NAME_MAX + 1` = 272 bytes).
        case packets(maximumSize: Int)
        /// Lines ending in `\n`, delivered without the `\n` (and without a `\r` before it): a text protocol
        /// over a byte stream, such as gpsd's JSON over TCP. A line longer than `maximumLength` bytes is
        /// discarded up to its end and counted; an unterminated last line is delivered at end of file.
        case lines(maximumLength: Int)
        /// Records of exactly `size` bytes, put back together when a read splits one: evdev's 24-byte
        /// `struct input_event`. A partial record at end of file is discarded and counted.
        case fixedSize(Int)
    }

    /// Who closes the descriptor.
    public enum Ownership: Sendable, Equatable {
        /// The reader closes it once its thread is done with it, before ``records`` ends. Do not close it.
        case owned
        /// The caller keeps it (standard input) and may close it only after ``records`` has ended: closing a
        /// descriptor that another thread polls could let a new file reuse its number under the reader.
        case borrowed
    }

    /// Why ``records`` ended.
    public enum Ending: Sendable, Equatable {
        /// `read()` returned 0: end of file, or the peer closed the socket or hung up.
        case endOfFile
        /// ``stop()`` was called, or the consumer stopped iterating.
        case stopped
        /// `poll()` or `read()` failed with this `errno` (or the reader could not make its wake-up socket).
        case failed(errno: Int32)
    }

    /// What the descriptor gives, framed as asked; see the type's discussion for when it ends.
    ///
    /// An `AsyncStream` has one consumer: iterate it from one task.
    public let records: AsyncStream<[UInt8]>

    private let control: Control

    /// Starts a thread that reads `descriptor` until end of file, an error or ``stop()``.
    ///
    /// - Parameters:
    ///   - descriptor: the file descriptor to read; it is never made non-blocking (standard input's flags are
    ///     shared with the parent shell), so the thread reads only after `poll()` says there is data.
    ///   - framing: how to cut what is read into records.
    ///   - ownership: whether the reader closes `descriptor` when it is done (``Ownership/owned``) or leaves
    ///     it to the caller (``Ownership/borrowed``).
    ///   - bufferLimit: records held for a consumer that falls behind; beyond that the oldest are dropped and
    ///     counted in ``droppedRecords``.
    ///   - name: the thread's name, at most 15 bytes on Linux (longer names are cut), shown by `top -H` and
    ///     in `/proc/<pid>/task/*/comm`, so that wake-ups and CPU can be put down to the right reader.
    ///   - handler: when given, each record is handed to it on the reader's own thread, as it is read, instead
    ///     of to ``records`` (which then only ends). For a consumer whose work per record is short and
    ///     thread-safe (decode, publish on the bus): it saves the wake-up of a task for every record. It must
    ///     not block: while it runs, nothing is read.
    ///   - gathering: when given (a socket only), every record waiting is read in one wake-up, and the next waits
    ///     for this pause, so that records coming several a second cost one wake-up for several; each is then
    ///     handled up to its `longest` late. ``stop()`` still ends a pause at once.
    public init(
        descriptor: Int32, framing: Framing, ownership: Ownership, bufferLimit: Int = 256, name: String,
        gathering: GatheringPause? = nil, handler: (@Sendable ([UInt8]) -> Void)? = nil
    ) {
        precondition(bufferLimit > 0, "a reader needs room for at least one record")
        let (stream, continuation) = AsyncStream.makeStream(
            of: [UInt8].self, bufferingPolicy: .bufferingNewest(bufferLimit))
        records = stream
        // The wake-up channel: a socket pair rather than an eventfd, which Swift's Glibc module does not offer;
        // made close-on-exec and non-blocking at once.
        var wakePair: [Int32] = [-1, -1]
        let made = socketpair(
            AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0,
            &wakePair)
        let control = Control(wake: made == 0 ? (wakePair[1], wakePair[0]) : nil)
        self.control = control
        continuation.onTermination = { _ in control.stop() }
        guard made == 0 else {
            let error = errno
            if ownership == .owned { close(descriptor) }
            control.finish(.failed(errno: error))
            continuation.finish()
            return
        }
        let wake = wakePair[0]
        let thread = Thread {
            ThreadName.setForCurrentThread(name)
            var framer = RecordFramer(framing: framing) { control.discarded.add(1, ordering: .relaxed) }
            let deliver =
                handler ?? { (record: [UInt8]) in
                    if case .dropped = continuation.yield(record) { control.dropped.add(1, ordering: .relaxed) }
                }
            let ending = Self.readLoop(
                descriptor: descriptor, wake: wake, framer: &framer,
                gathering: gathering, deliver: deliver)
            if ending == .endOfFile { framer.finish(deliver: deliver) }
            // Done with the descriptor before the stream ends: see `Ownership.borrowed`.
            if ownership == .owned { close(descriptor) }
            control.finish(ending)
            continuation.finish()
        }
        thread.start()
    }

    /// Asks the thread to stop; ``records`` ends promptly (without waiting for data), and at once if it has
    /// already ended. Safe to call more than once, from any thread.
    public func stop() { control.stop() }

    /// Records lost because the consumer fell behind by more than `bufferLimit` (the oldest go first).
    public var droppedRecords: Int { control.dropped.load(ordering: .relaxed) }

    /// Records that could not be framed: lines over the length limit, a partial fixed-size record at end of
    /// file. Final once ``records`` has ended.
    public var discardedRecords: Int { control.discarded.load(ordering: .relaxed) }

    /// Why ``records`` ended; nil while it runs.
    public var ending: Ending? { control.state.withLock { $0.ending } }

    // MARK: - The thread

    /// Polls and reads until end of file, an error or a stop request; returns why it ended.
    private static func readLoop(
        descriptor: Int32, wake: Int32, framer: inout RecordFramer, gathering: GatheringPause?,
        deliver: ([UInt8]) -> Void
    ) -> Ending {
        var gathering = gathering
        var buffer = [UInt8](repeating: 0, count: framer.readSize)
        var requests = [
            pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
        ]
        while true {
            requests[0].revents = 0
            requests[1].revents = 0
            // No timeout: only data, a hang-up or stop() (the wake-up socket) wakes this thread.
            let ready = poll(&requests, 2, -1)
            if ready < 0 {
                let error = errno
                if error == EINTR { continue }
                return .failed(errno: error)
            }
            // A stop request wins over pending data: stop() promises a prompt end.
            if requests[1].revents != 0 { return .stopped }
            let events = Int32(requests[0].revents)
            if events & Int32(POLLNVAL) != 0 { return .failed(errno: EBADF) }
            guard events & Int32(POLLIN | POLLHUP | POLLERR) != 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                framer.consume(buffer[0..<count], deliver: deliver)
                guard gathering != nil else { continue }
                if let ending = gatherWhileRecordsCome(
                    from: descriptor, wake: &requests[1], into: &buffer, framer: &framer, pause: &gathering,
                    deliver: deliver)
                {
                    return ending
                }
                continue
            }
            if count == 0 { return .endOfFile }
            let error = errno
            switch error {
            case EINTR:
                continue
            case EAGAIN, EWOULDBLOCK:
                // Nothing after all (another reader took it); but a hang-up with nothing to read is the end,
                // or poll() would report it again at once, for ever.
                if events & Int32(POLLHUP) != 0 { return .endOfFile }
            default:
                return .failed(errno: error)
            }
        }
    }

    /// After a wake-up's first record: what else is waiting, then a pause, then what came meanwhile, and so on
    /// while records keep coming. Returns nil when the thread should wait on the descriptor again: after a flood,
    /// after a short pause that found nothing (the pause has not grown to the sensor's pace yet), and after two
    /// longest ones that found nothing (the sensor fell quiet). A sensor notifying once a second is then read once
    /// a second at the pause's end; one empty longest pause is what its notification coming just after it costs.
    /// `pause` becomes nil for a descriptor that is not a socket.
    private static func gatherWhileRecordsCome(
        from descriptor: Int32, wake: inout pollfd, into buffer: inout [UInt8], framer: inout RecordFramer,
        pause: inout GatheringPause?, deliver: ([UInt8]) -> Void
    ) -> Ending? {
        var found = 1
        var emptyPauses = 0
        while var current = pause {
            switch gather(from: descriptor, into: &buffer, framer: &framer, deliver: deliver) {
            case .read(let records): found += records
            case .notASocket:
                pause = nil
                return nil
            case .ended(let ending): return ending
            }
            if found == 0 {
                emptyPauses += 1
                if current.current < current.longest || emptyPauses > 1 { return nil }
            } else {
                emptyPauses = 0
                current.found(found)
                pause = current
            }
            guard current.current > .zero else { return nil }
            // Asleep on the wake-up socket alone: a stop request ends the pause, records wait in theirs.
            let (now, phase) = GatheringPause.nowAndPhase
            wake.revents = 0
            if poll(&wake, 1, current.milliseconds(at: now, phase: phase)) > 0 { return .stopped }
            found = 0
        }
        return nil
    }

    private enum Gathered {
        /// This many records, perhaps none.
        case read(Int)
        /// Only a socket can be read without waiting; this descriptor is read one record a wake-up.
        case notASocket
        case ended(Ending)
    }

    /// Reads what is waiting, without waiting for more (at most 64 records, so that a flood cannot keep a stop
    /// request waiting).
    private static func gather(
        from descriptor: Int32, into buffer: inout [UInt8], framer: inout RecordFramer, deliver: ([UInt8]) -> Void
    ) -> Gathered {
        var records = 0
        while records < 64 {
            let count = buffer.withUnsafeMutableBytes {
                recv(descriptor, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT))
            }
            if count > 0 {
                framer.consume(buffer[0..<count], deliver: deliver)
                records += 1
                continue
            }
            if count == 0 { return .ended(.endOfFile) }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: return .read(records)
            case ENOTSOCK: return .notASocket
            case let error: return .ended(.failed(errno: error))
            }
        }
        return .read(records)
    }

    // MARK: - Shared state

    /// What the thread shares with ``stop()``, the stream's termination handler and the counters' readers.
    private final class Control: Sendable {
        struct State {
            var stopRequested = false
            /// Set when the thread is done; the wake-up socket is closed then and must not be written to.
            var finished = false
            var ending: Ending?
        }

        /// Written to by ``stop()``, polled by the thread; nil if the pair could not be made.
        let wake: (writeEnd: Int32, readEnd: Int32)?
        let state = Mutex(State())
        let dropped = Atomic<Int>(0)
        let discarded = Atomic<Int>(0)

        init(wake: (writeEnd: Int32, readEnd: Int32)?) { self.wake = wake }

        func stop() {
            state.withLock { state in
                guard !state.finished, !state.stopRequested, let wake else { return }
                state.stopRequested = true
                var byte: UInt8 = 1
                // Cannot block (non-blocking, and the one byte ever written fits), nor raise SIGPIPE.
                _ = send(wake.writeEnd, &byte, 1, Int32(MSG_NOSIGNAL))
            }
        }

        /// Records the ending and closes the wake-up pair, under the lock so that no `stop()` writes to a
        /// closed (or, worse, reused) descriptor number.
        func finish(_ ending: Ending) {
            state.withLock { state in
                state.finished = true
                state.ending = ending
                if let wake {
                    close(wake.writeEnd)
                    close(wake.readEnd)
                }
            }
        }
    }
}
