import GATTSensors
import Synchronization

/// What the plugin counted across its sensors and sessions: payloads received, dropped (by reason), and BlueZ
/// signals lost because the plugin fell behind them.
final class SensorCounts: Sendable {
    private struct Counts {
        var received = 0
        var dropped: [DropReason: Int] = [:]
        var lostSignals = 0
    }

    private let counts = Mutex(Counts())

    var received: Int { counts.withLock { $0.received } }
    var dropped: Int { counts.withLock { $0.dropped.values.reduce(0, +) } }
    var lostSignals: Int { counts.withLock { $0.lostSignals } }

    /// Payloads dropped for `reason`.
    func dropped(_ reason: DropReason) -> Int { counts.withLock { $0.dropped[reason] ?? 0 } }

    func countReceived() { counts.withLock { $0.received += 1 } }

    func countDropped(_ reason: DropReason) { counts.withLock { $0.dropped[reason, default: 0] += 1 } }

    /// Counts a lost signal; true for the first one, which is worth a warning.
    func countLostSignal() -> Bool {
        counts.withLock { counts in
            defer { counts.lostSignals += 1 }
            return counts.lostSignals == 0
        }
    }
}
