import Foundation

/// Reads standard input on a thread of its own and hands the bytes over as an async stream.
///
/// `read()` blocks, and a blocked cooperative thread would stall the hub, so the wait happens here: the
/// thread polls with a short timeout so that it notices `stop()`.
final class InputReader: @unchecked Sendable {
    // @unchecked: `stopped` is the only state shared with the thread, and it is guarded by `lock`.
    private let lock = NSLock()
    private var stopped = false
    private let fd: Int32

    init(fd: Int32 = STDIN_FILENO) {
        self.fd = fd
    }

    /// Starts the thread; the stream ends at end of input or after `stop()`.
    func chunks() -> AsyncStream<[UInt8]> {
        let (stream, continuation) = AsyncStream.makeStream(of: [UInt8].self)
        let thread = Thread { [self] in
            var buffer = [UInt8](repeating: 0, count: 256)
            while !isStopped {
                var pollfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                let ready = poll(&pollfd, 1, 200)
                if ready < 0 && errno != EINTR { break }
                guard ready > 0 else { continue }
                let count = read(fd, &buffer, buffer.count)
                if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
                guard count > 0 else { break }  // end of input
                continuation.yield(Array(buffer[0..<count]))
            }
            continuation.finish()
        }
        thread.name = "stayfit-console-input"
        thread.start()
        continuation.onTermination = { [weak self] _ in self?.stop() }
        return stream
    }

    func stop() {
        lock.withLock { stopped = true }
    }

    private var isStopped: Bool { lock.withLock { stopped } }
}
