import Foundation
import Synchronization

/// What the plugin knows about its link across sessions: the last reading, whether "lost" was announced, counts.
///
/// Shared by the notification loop, the stale-data watcher and tests, so it sits behind a `Mutex`.
final class HeartRateLinkState: Sendable {
    private struct State {
        var lastDataAt: Date?
        var lostAnnounced = false
        var everConnected = false
        var malformedPayloads = 0
        var published = 0
        /// The battery level of the last low-battery announcement; nil while the battery is above the threshold.
        var lowBatteryAnnouncedAt: Int?
    }

    private let state = Mutex(State())

    /// Payloads dropped because they did not decode.
    var malformedPayloads: Int { state.withLock { $0.malformedPayloads } }
    /// Readings published.
    var published: Int { state.withLock { $0.published } }

    func countMalformed() { state.withLock { $0.malformedPayloads += 1 } }

    /// Forgets the link (not the counts), for another strap: its first connection is `.connected` again.
    func startOver() {
        state.withLock { state in
            state.lastDataAt = nil
            state.lostAnnounced = false
            state.everConnected = false
            state.lowBatteryAnnouncedAt = nil
        }
    }

    /// Whether a battery level of `percent` is news to announce: the first reading at or below `threshold`, then
    /// again for every further 10 points down; a reading above the threshold (a new battery) starts over.
    func shouldAnnounceLowBattery(_ percent: Int, threshold: Int) -> Bool {
        state.withLock { state in
            guard threshold > 0, percent <= threshold else {
                state.lowBatteryAnnouncedAt = nil
                return false
            }
            if let last = state.lowBatteryAnnouncedAt, percent > last - 10 { return false }
            state.lowBatteryAnnouncedAt = percent
            return true
        }
    }

    /// Records a connection; returns the status to announce (`.connected` the first time, else `.restored`).
    func connected(at now: Date) -> Bool {
        state.withLock { state in
            defer {
                state.everConnected = true
                state.lostAnnounced = false
                state.lastDataAt = now
            }
            return state.everConnected
        }
    }

    /// Records a reading; returns true when it ends an announced loss (announce `.restored`).
    func received(at now: Date) -> Bool {
        state.withLock { state in
            state.published += 1
            state.lastDataAt = now
            defer { state.lostAnnounced = false }
            return state.lostAnnounced
        }
    }

    /// Marks the link lost; returns true when that has not been announced yet.
    func markLost() -> Bool {
        state.withLock { state in
            defer { state.lostAnnounced = true }
            return !state.lostAnnounced
        }
    }

    /// When the data goes stale if nothing arrives, or nil when loss was already announced or nothing connected.
    func staleDeadline(after interval: Duration) -> Date? {
        state.withLock { state in
            guard !state.lostAnnounced, let last = state.lastDataAt else { return nil }
            return last.addingTimeInterval(Double(interval.components.seconds))
        }
    }

    /// Whether data counts as stale at `now`.
    func isStale(at now: Date, after interval: Duration) -> Bool {
        staleDeadline(after: interval).map { now >= $0 } ?? false
    }
}
