import HubCore
import StatusParts
import Synchronization

// The plugin's part of "status now": every reading and every change of the link goes out with the part it makes.
extension HeartRatePlugin {
    /// Publishes a change of the strap's link or battery, and the part of "status now" it makes.
    func publish(_ change: SensorStatusChanged) {
        context.bus.publish(change)
        context.bus.publish(statusPart.take(change))
    }

    /// Publishes a reading, and the part of "status now" it makes.
    func publish(_ reading: HeartRateMeasured) {
        context.bus.publish(reading)
        context.bus.publish(statusPart.take(reading, at: context.clock.instant))
    }
}

/// The plugin's ``HeartRateStatusPart``, shared by the socket's thread (readings) and the session's tasks (links).
final class HeartRateStatus: Sendable {
    private let part = Mutex(HeartRateStatusPart())

    func take(_ change: SensorStatusChanged) -> StatusPart { part.withLock { $0.take(change) } }

    func take(_ reading: HeartRateMeasured, at instant: HubInstant) -> StatusPart {
        part.withLock { $0.take(reading, at: instant) }
    }
}
