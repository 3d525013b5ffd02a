import Synchronization

/// What a connection's signal streams were handed and what they lost, since the connection was opened.
///
/// Every signal that fits a stream is either ``delivered`` into its buffer or, when its body cannot be decoded,
/// counted as ``undecodable``. A stream whose consumer falls behind loses its oldest buffered signals; each
/// such loss is counted in ``dropped``. So for one stream, what the consumer reads plus what was dropped equals
/// what was delivered, with nothing lost unseen inside this process.
///
/// Not counted, because a client cannot see it: signals the bus daemon discards when this connection's queue
/// in the daemon exceeds its `max_outgoing_bytes` limit (127 MB on a default system bus). The dispatch thread
/// reads the socket whatever the consumers do, so that queue stays short while this process gets CPU time.
public struct DBusSignalStatistics: Sendable, Equatable, CustomStringConvertible {
    /// Signals put into a stream's buffer (a signal that fits two streams counts twice).
    public var delivered: Int
    /// Delivered signals pushed out of a full buffer before their consumer read them (the oldest go first).
    public var dropped: Int
    /// Signals that fit a stream but whose arguments could not be decoded (a misbehaving peer); never delivered.
    public var undecodable: Int

    public init(delivered: Int = 0, dropped: Int = 0, undecodable: Int = 0) {
        self.delivered = delivered
        self.dropped = dropped
        self.undecodable = undecodable
    }

    public var description: String {
        "\(delivered) delivered, \(dropped) dropped by a full stream buffer, \(undecodable) undecodable"
    }
}

/// The counters behind ``DBusSignalStatistics``: bumped on the dispatch thread, read from anywhere.
final class DBusSignalCounters: Sendable {
    let delivered = Atomic<Int>(0)
    let dropped = Atomic<Int>(0)
    let undecodable = Atomic<Int>(0)

    var statistics: DBusSignalStatistics {
        DBusSignalStatistics(
            delivered: delivered.load(ordering: .relaxed), dropped: dropped.load(ordering: .relaxed),
            undecodable: undecodable.load(ordering: .relaxed))
    }
}
