import HubCore
import StatusParts
import Synchronization

// The plugin's part of "status now": every fix and every change of the link goes out with the part it makes.
extension LocationPlugin {
    /// Publishes a fix, and the part of "status now" it makes.
    func publish(_ position: PositionMeasured) {
        context.bus.publish(position)
        context.bus.publish(statusPart.take(position, at: context.clock.instant))
    }
}

/// The plugin's ``LocationStatusPart``, shared by the reader's thread (fixes) and the plugin's tasks (links).
final class LocationStatus: Sendable {
    private let part = Mutex(LocationStatusPart())

    func take(_ change: SensorStatusChanged) -> StatusPart { part.withLock { $0.take(change) } }

    func take(_ position: PositionMeasured, at instant: HubInstant) -> StatusPart {
        part.withLock { $0.take(position, at: instant) }
    }
}
