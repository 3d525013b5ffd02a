import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Reads notification payloads from the `SOCK_SEQPACKET` socket `AcquireNotify` returns, on a thread of its own.
///
/// `read()` blocks, so it never runs on a cooperative thread: a dedicated `Thread` polls the socket (250 ms at a
/// time, to notice ``stop()``), reads one payload per `read()` and yields it to ``payloads``. The stream finishes
/// when BlueZ hangs up (disconnect, or the fd closed on reconnect) or after ``stop()``; the thread then closes the
/// socket, which it owns.
final class NotifySocketReader: Sendable {
    /// A flag the reading thread checks between polls.
    private final class StopFlag: Sendable {
        private let value = Mutex(false)
        var isSet: Bool { value.withLock { $0 } }
        func set() { value.withLock { $0 = true } }
    }

    /// One element per notification, in arrival order.
    let payloads: AsyncStream<[UInt8]>
    private let stopFlag = StopFlag()

    /// Starts reading `descriptor`, which this reader now owns; `mtu` sizes the buffer.
    init(taking descriptor: Int32, mtu: Int) {
        let (stream, continuation) = AsyncStream.makeStream(of: [UInt8].self, bufferingPolicy: .bufferingNewest(256))
        payloads = stream
        let flag = stopFlag
        let thread = Thread {
            Self.readLoop(descriptor: descriptor, bufferSize: max(mtu, 517), stop: flag) { continuation.yield($0) }
            continuation.finish()
            close(descriptor)
        }
        thread.name = "heart-rate notify socket"
        thread.start()
    }

    deinit { stopFlag.set() }

    /// Asks the thread to finish within one poll interval; the stream then ends.
    func stop() { stopFlag.set() }

    private static func readLoop(
        descriptor: Int32, bufferSize: Int, stop: StopFlag, deliver: ([UInt8]) -> Void
    ) {
        var buffer = [UInt8](repeating: 0, count: bufferSize)
        while !stop.isSet {
            var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&request, 1, 250)
            if ready == 0 || (ready < 0 && errno == EINTR) { continue }
            guard ready > 0 else { return }
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                deliver(Array(buffer[0..<count]))
            } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
                return  // hung up: the strap disconnected or BlueZ closed the socket
            }
        }
    }
}
