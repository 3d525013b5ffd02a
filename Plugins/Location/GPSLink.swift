import HubCore
import Synchronization

/// The plugin's view of the GPS, shared by the task that reads gpsd and the one that notices silence.
///
/// It turns changes of ``GPSCondition`` into `SensorStatusChanged` (only when the kind changes: a satellite
/// more or less is no news) and keeps the counts of what was dropped.
final class GPSLink: Sendable {
    struct State {
        var condition: GPSCondition?
        var hadFix = false
        var satellitesUsed: Int?
        var lastReportAt: HubInstant?
        var counts: [String: Int] = [:]
    }

    private let state = Mutex(State())
    let device: String

    init(device: String) { self.device = device }

    var condition: GPSCondition? { state.withLock { $0.condition } }

    /// The drops so far by reason ("garbage line", "unknown class", "jump" …).
    var counts: [String: Int] { state.withLock { $0.counts } }

    /// Counts one dropped line or report; returns the new count for that reason.
    @discardableResult
    func count(_ reason: String) -> Int {
        state.withLock { state in
            state.counts[reason, default: 0] += 1
            return state.counts[reason, default: 0]
        }
    }

    var satellitesUsed: Int? { state.withLock { $0.satellitesUsed } }

    func noteSatellites(_ used: Int?) { state.withLock { $0.satellitesUsed = used ?? $0.satellitesUsed } }

    func noteReport(at instant: HubInstant) { state.withLock { $0.lastReportAt = instant } }

    var lastReportAt: HubInstant? { state.withLock { $0.lastReportAt } }

    /// Moves to `condition`; returns the status message to publish, nil when nothing worth saying changed.
    func change(to condition: GPSCondition) -> SensorStatusChanged? {
        state.withLock { state in
            let previous = state.condition
            state.condition = condition
            if let previous, previous.isSameKind(as: condition) { return nil }
            let status: SensorStatusChanged.Status
            switch condition {
            case .fix:
                status = state.hadFix && previous?.hasFix == false ? .restored : .connected
                state.hadFix = true
            case .noFix:
                status = previous?.hasFix == true ? .lost : .connecting
            case .gpsdUnreachable, .noReceiver:
                status = previous?.hasFix == true ? .lost : .disconnected
            }
            return SensorStatusChanged(sensor: .location, status: status, device: device, detail: condition.detail)
        }
    }
}
