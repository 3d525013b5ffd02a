import HubCore

/// Reads notification payloads from the `SOCK_SEQPACKET` socket `AcquireNotify` returns.
///
/// A ``FileDescriptorReader`` does the waiting on a thread of its own, asleep in `poll()` until a payload, a
/// hang-up or ``stop()``: one `read()` is one notification. ``payloads`` finishes when BlueZ hangs up
/// (disconnect, or the fd closed on reconnect) or after ``stop()``; the reader then closes the socket, which
/// it owns.
final class NotifySocketReader: Sendable {
    /// Payloads held for a plugin that falls behind, about four minutes of a 1 Hz strap.
    static let bufferLimit = 256

    /// One element per notification, in arrival order.
    var payloads: AsyncStream<[UInt8]> { reader.records }
    private let reader: FileDescriptorReader

    /// Starts reading `descriptor`, which this reader now owns; `mtu` sizes the buffer.
    init(taking descriptor: Int32, mtu: Int) {
        // An ATT notification carries at most MTU - 3 bytes; 517 is the largest ATT MTU there is.
        reader = FileDescriptorReader(
            descriptor: descriptor, framing: .packets(maximumSize: max(mtu, 517)), ownership: .owned,
            bufferLimit: Self.bufferLimit, name: "hr-notify")
    }

    /// Ends ``payloads`` promptly and closes the socket.
    func stop() { reader.stop() }

    /// Payloads lost because the plugin fell more than ``bufferLimit`` behind (the oldest go first).
    var lostPayloads: Int { reader.droppedRecords }
}
