import HubCore
import Synchronization

/// Whether one sensor's data is fresh, across its sessions: the last reading, whether "lost" was announced, and
/// whether it was ever connected (the next connection is then "restored"). No value is kept: a lost sensor's last
/// reading is never published again.
///
/// Shared by the notification handler (a socket's thread or a task), the stale-data watcher and tests, so it sits
/// behind a `Mutex`.
public final class SensorLinkState: Sendable {
    private struct State {
        var lastDataAt: HubInstant?
        var lostAnnounced = false
        var everConnected = false
        /// The battery level of the last low-battery announcement; nil while the battery is above the threshold.
        var lowBatteryAnnouncedAt: Int?
    }

    private let state = Mutex(State())

    public init() {}

    /// Forgets the link, for another device: its first connection is `.connected` again.
    public func startOver() {
        state.withLock { $0 = State() }
    }

    /// Whether a battery level of `percent` is news to announce: the first reading at or below `threshold`, then
    /// again for every further 10 points down; a reading above the threshold (a new battery) starts over.
    public func shouldAnnounceLowBattery(_ percent: Int, threshold: Int) -> Bool {
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

    /// Records a connection; returns whether the sensor was connected before (announce `.restored`, not
    /// `.connected`).
    public func connected(at now: HubInstant) -> Bool {
        state.withLock { state in
            defer {
                state.everConnected = true
                state.lostAnnounced = false
                state.lastDataAt = now
            }
            return state.everConnected
        }
    }

    /// Records a reading; returns `.restored` when it ends an announced loss.
    public func received(at now: HubInstant) -> SensorStatusChanged.Status? {
        state.withLock { state in
            state.lastDataAt = now
            defer { state.lostAnnounced = false }
            return state.lostAnnounced ? .restored : nil
        }
    }

    /// Marks the sensor lost; returns true when that has not been announced yet.
    public func markLost() -> Bool {
        state.withLock { state in
            defer { state.lostAnnounced = true }
            return !state.lostAnnounced
        }
    }

    /// When the data goes stale if nothing arrives, or nil when loss was already announced or nothing connected.
    public func staleDeadline(after interval: Duration) -> HubInstant? {
        state.withLock { state in
            guard !state.lostAnnounced, let last = state.lastDataAt else { return nil }
            return last + interval
        }
    }

    /// Marks the sensor lost when no data came within `interval` before `now`; true when that is news to announce.
    ///
    /// One lock for the check and the mark, so a reading arriving in between cannot be followed by a false loss.
    public func markLostIfStale(at now: HubInstant, after interval: Duration) -> Bool {
        state.withLock { state in
            guard !state.lostAnnounced, let last = state.lastDataAt, now >= last + interval else { return false }
            state.lostAnnounced = true
            return true
        }
    }
}
