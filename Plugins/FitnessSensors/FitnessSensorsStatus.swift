import HubCore
import StatusParts
import Synchronization

/// The fitness sensors' ``MotionStatusPart``, shared by the sockets' threads (readings) and the sessions' tasks
/// (links), so it sits behind a `Mutex`.
final class FitnessSensorsStatus: Sendable {
    private let figures = Mutex(MotionStatusPart())

    /// Takes a reading at `instant`; returns the part to publish, or nil when the reading changes nothing said.
    func take(_ reading: SensorDecoder.Reading, at instant: HubInstant) -> StatusPart? {
        figures.withLock { figures -> StatusPart? in
            switch reading {
            case .power(let power): figures.take(power, at: instant)
            case .cadence(let cadence): figures.take(cadence, at: instant)
            case .speed(let speed): figures.take(speed, at: instant)
            case .machine, .status, .controlPoint: nil
            }
        }
    }

    /// Takes a change of a sensor's link; a lost or disconnected sensor's figures go at once.
    func take(_ change: SensorStatusChanged) -> StatusPart { figures.withLock { $0.take(change) } }
}
