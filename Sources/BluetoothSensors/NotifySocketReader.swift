import HubCore
import Synchronization

/// Reads notification payloads from the `SOCK_SEQPACKET` socket `AcquireNotify` returns.
///
/// A ``FileDescriptorReader`` does the waiting on a thread of its own, asleep in `poll()` until a payload, a
/// hang-up or ``stop()``: one `read()` is one notification, handed on that thread to the handler set with
/// ``deliver(to:)``, so a notification costs one thread wake-up, not also a task's. Payloads that come before
/// there is a handler wait for it (up to ``bufferLimit``). ``ended()`` returns when BlueZ hangs up (disconnect,
/// or the fd closed on reconnect) or after ``stop()``; the reader then closes the socket, which it owns.
public final class NotifySocketReader: Sendable {
    /// Payloads held until there is a handler.
    public static let bufferLimit = 256

    private struct Delivery {
        var handler: (@Sendable ([UInt8]) -> Void)?
        var early: [[UInt8]] = []
        var lost = 0
    }

    /// Shared with the reader's thread.
    private final class DeliveryBox: Sendable {
        let state = Mutex(Delivery())
    }

    private let box = DeliveryBox()
    private let reader: FileDescriptorReader

    /// Starts reading `descriptor`, which this reader now owns; `mtu` sizes the buffer; the thread is named
    /// `threadName` (the benchmarks find a plugin's thread by it, e.g. "hr-notify"). With `gatherFor`, the
    /// notifications that come meanwhile are read together, each handled up to that late (see `GatheringPause`).
    public init(taking descriptor: Int32, mtu: Int, threadName: String = "ble-notify", gatherFor: Duration? = nil) {
        let box = box
        // An ATT notification carries at most MTU - 3 bytes; 517 is the largest ATT MTU there is.
        reader = FileDescriptorReader(
            descriptor: descriptor, framing: .packets(maximumSize: max(mtu, 517)), ownership: .owned,
            bufferLimit: Self.bufferLimit, name: threadName,
            gathering: gatherFor.map { GatheringPause(longest: $0) }
        ) { payload in
            let handler = box.state.withLock { delivery -> (@Sendable ([UInt8]) -> Void)? in
                guard let handler = delivery.handler else {
                    if delivery.early.count == Self.bufferLimit {
                        delivery.early.removeFirst()
                        delivery.lost += 1
                    }
                    delivery.early.append(payload)
                    return nil
                }
                return handler
            }
            handler?(payload)
        }
    }

    /// Hands every payload, from now on and those that came before, to `handler`, on the reader's thread (the
    /// early ones on the caller's, first).
    public func deliver(to handler: @escaping @Sendable ([UInt8]) -> Void) {
        // The early payloads are handed over under the lock, so a payload read meanwhile cannot overtake them.
        box.state.withLock { delivery in
            for payload in delivery.early { handler(payload) }
            delivery.early = []
            delivery.handler = handler
        }
    }

    /// Returns when the socket has ended: BlueZ hung up, or ``stop()``.
    public func ended() async { for await _ in reader.records {} }

    /// Ends ``ended()`` promptly and closes the socket.
    public func stop() { reader.stop() }

    /// Payloads lost because they came before the handler, more than ``bufferLimit`` of them.
    public var lostPayloads: Int { box.state.withLock { $0.lost } }
}
