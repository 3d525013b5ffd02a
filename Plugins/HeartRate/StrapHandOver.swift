import Synchronization

/// The strap that takes over when a workout ends with another person's strap waiting: set by the session that ends
/// for it, taken by the next one, which connects that strap first.
final class StrapHandOver: Sendable {
    private let next = Mutex<String?>(nil)

    /// Hands the hub over to the strap at `address`.
    func hand(to address: String) { next.withLock { $0 = address } }

    /// Whether a hand-over is waiting for the next session.
    var isPending: Bool { next.withLock { $0 != nil } }

    /// The strap to connect first, once.
    func take() -> String? { next.withLock { $0.take() } }
}
