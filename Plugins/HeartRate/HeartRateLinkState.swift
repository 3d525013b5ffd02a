import BluetoothSensors
import Foundation
import HubCore
import Synchronization

/// What the plugin knows about its link across sessions: fresh, lost or restored (the shared `SensorLinkState`,
/// which the fitness sensors' links use too), and what only a strap has: skin contact and counts.
///
/// Shared by the notification loop, the stale-data watcher and tests, so it sits behind a `Mutex`.
final class HeartRateLinkState: Sendable {
    private struct State {
        var receivedPayloads = 0
        var malformedPayloads = 0
        var partlyBrokenPayloads = 0
        var implausibleRRIntervals = 0
        var lostNotifications = 0
        var lostOtherSignals = 0
        /// Whether this connection's first lost signal was already reported.
        var lossReported = false
    }

    private let state = Mutex(State())
    private let link = SensorLinkState()

    /// Payloads dropped because they gave no sound heart rate.
    var malformedPayloads: Int { state.withLock { $0.malformedPayloads } }

    /// Notification payloads that reached the plugin, sound or not.
    var receivedPayloads: Int { state.withLock { $0.receivedPayloads } }

    /// Payloads whose heart rate was kept but whose damaged later fields were left out.
    var partlyBrokenPayloads: Int { state.withLock { $0.partlyBrokenPayloads } }

    /// RR intervals left out of readings because they were no beat (outside the plausible range).
    var implausibleRRIntervals: Int { state.withLock { $0.implausibleRRIntervals } }

    /// Notifications (StartNotify's PropertiesChanged of `Value`) pushed out of the plugin's full signal buffer
    /// before it could read them.
    var lostNotifications: Int { state.withLock { $0.lostNotifications } }

    /// Other BlueZ signals (link, battery, adapter, discovery) lost the same way.
    var lostOtherSignals: Int { state.withLock { $0.lostOtherSignals } }

    func countMalformed() { state.withLock { $0.malformedPayloads += 1 } }

    func countReceived() { state.withLock { $0.receivedPayloads += 1 } }

    func countPartlyBroken() { state.withLock { $0.partlyBrokenPayloads += 1 } }

    func countImplausibleRRIntervals(_ count: Int) { state.withLock { $0.implausibleRRIntervals += count } }

    /// Counts a lost signal, a notification or another; returns true for the first loss of a connection, which is
    /// worth a warning (later ones are only counted, so that a flood does not flood the log as well).
    func countLostSignal(notification: Bool) -> Bool {
        state.withLock { state in
            if notification { state.lostNotifications += 1 } else { state.lostOtherSignals += 1 }
            defer { state.lossReported = true }
            return !state.lossReported
        }
    }

    /// Forgets the link (not the counts), for another strap: its first connection is `.connected` again.
    func startOver() {
        link.startOver()
    }

    /// Whether a battery level of `percent` is news to announce (see `SensorLinkState`).
    func shouldAnnounceLowBattery(_ percent: Int, threshold: Int) -> Bool {
        link.shouldAnnounceLowBattery(percent, threshold: threshold)
    }

    /// Records a connection; returns whether the plugin was connected before (announce `.restored`, not
    /// `.connected`).
    func connected(at now: HubInstant) -> Bool {
        state.withLock { $0.lossReported = false }
        return link.connected(at: now)
    }

    /// Records a reading; returns the status it announces, if any.
    ///
    /// A reading without skin contact is no heart rate: it does not count as data, and it announces `.lost` (once)
    /// the way silence does. A reading with contact (or from a strap that cannot tell) after an announced loss
    /// announces `.restored`.
    func received(at now: HubInstant, hasContact: Bool) -> SensorStatusChanged.Status? {
        guard hasContact else { return link.markLost() ? .lost : nil }
        return link.received(at: now)
    }

    /// Marks the link lost; returns true when that has not been announced yet.
    func markLost() -> Bool { link.markLost() }

    /// When the data goes stale if nothing arrives, or nil when loss was already announced or nothing connected.
    func staleDeadline(after interval: Duration) -> HubInstant? { link.staleDeadline(after: interval) }

    /// Marks the link lost when no data came within `interval` before `now`; true when that is news to announce.
    func markLostIfStale(at now: HubInstant, after interval: Duration) -> Bool {
        link.markLostIfStale(at: now, after: interval)
    }
}
