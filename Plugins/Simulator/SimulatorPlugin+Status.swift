import HubCore
import StatusParts
import Synchronization

// The simulator's parts of "status now", made as the heart-rate and location plugins make theirs: with `--simulate`,
// "status now" says "heart rate 142, GPS fix" as it does with a strap and a receiver.
extension SimulatorPlugin {
    /// Publishes a sensor's change of link, and the part of "status now" it makes.
    func publish(_ change: SensorStatusChanged) {
        context.bus.publish(change)
        if let part = statusParts.take(change) { context.bus.publish(part) }
    }

    /// Publishes a heart-rate reading, and the part of "status now" it makes.
    func publish(_ reading: HeartRateMeasured) {
        context.bus.publish(reading)
        context.bus.publish(statusParts.take(reading, at: context.clock.instant))
    }

    /// Publishes an indoor sensor's reading (speed, cadence or power), and the part of "status now" it makes.
    func publishMotion(_ reading: any BusMessage) {
        context.bus.publish(reading)
        if let part = statusParts.take(motion: reading, at: context.clock.instant) { context.bus.publish(part) }
    }

    /// Publishes a position, and the part of "status now" it makes.
    func publish(_ position: PositionMeasured) {
        context.bus.publish(position)
        context.bus.publish(statusParts.take(position, at: context.clock.instant))
    }
}

/// The simulated strap's and receiver's parts, kept for one run of the simulator.
final class SimulatedStatusParts: Sendable {
    private let heartRate = Mutex(HeartRateStatusPart())
    private let location = Mutex(LocationStatusPart())
    private let motion = Mutex(MotionStatusPart())

    /// The part a change of the simulated strap or receiver makes; nil for a sensor it does not simulate.
    func take(_ change: SensorStatusChanged) -> StatusPart? {
        switch change.sensor {
        case .heartRate: heartRate.withLock { $0.take(change) }
        case .location: location.withLock { $0.take(change) }
        default: motion.withLock { $0.take(change) }
        }
    }

    /// The part a simulated speed, cadence or power reading makes; nil for any other message.
    func take(motion reading: any BusMessage, at instant: HubInstant) -> StatusPart? {
        motion.withLock { part -> StatusPart? in
            switch reading {
            case let power as PowerMeasured: part.take(power, at: instant)
            case let cadence as CadenceMeasured: part.take(cadence, at: instant)
            case let speed as SpeedMeasured: part.take(speed, at: instant)
            default: nil
            }
        }
    }

    func take(_ reading: HeartRateMeasured, at instant: HubInstant) -> StatusPart {
        heartRate.withLock { $0.take(reading, at: instant) }
    }

    func take(_ position: PositionMeasured, at instant: HubInstant) -> StatusPart {
        location.withLock { $0.take(position, at: instant) }
    }
}
