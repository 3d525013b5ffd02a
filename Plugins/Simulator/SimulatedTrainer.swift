import Foundation
import HubCore
import Synchronization

/// The simulated indoor machine taking `MachineTarget`s as a real one does, so that a program (or the console's
/// `target`) has something to steer in a demo: a spin bike's trainer holds a power (ERG: the rider's effort no longer
/// sets it), a treadmill holds its belt's speed and incline. A rower takes none, as real rowers do not.
///
/// The recorded session stays as it is; each second read from it is adjusted here before it is published.
final class SimulatedTrainer: Sendable {
    enum Machine: Sendable {
        case bike, treadmill, none
    }

    private struct Held {
        var watts: Int?
        var metersPerSecond: Double?
        var inclinePercent: Double?
        /// What the machine gives now, moving towards what it holds.
        var currentWatts: Double?
        var currentMetersPerSecond: Double?
        /// Metres gained (or lost) against the recording since the first target, for the machine's running total.
        var extraMeters = 0.0
        /// The effort, 0 to about 1, of what the machine gives now, and the heart rate that follows it.
        var effort: Double?
        var heartRate: Double?
    }

    /// A trainer moves half the way to its new power each second (about 3 s to settle, as an ERG trainer does)…
    static let powerShare = 0.5
    /// …and a treadmill's belt changes by at most this much each second (1.8 km/h a second).
    static let beltChange = 0.5

    let machine: Machine
    private let held = Mutex(Held())

    init(machine: Machine) { self.machine = machine }

    /// The machine a session of `track` has, from its first indoor second.
    convenience init(track: [SimulatedSecond], kind: WorkoutKind?) {
        let first = track.first?.indoor
        let machine: Machine =
            if first?.origin == .wheel, first?.powerWatts != nil {
                .bike
            } else if kind == .treadmill, first?.origin == .machine { .treadmill } else { .none }
        self.init(machine: machine)
    }

    /// Holds `target` from the next second, if this machine takes that kind of target.
    func take(_ target: MachineTarget.Target) {
        held.withLock { held in
            switch (machine, target) {
            case (.bike, .power(let watts)): held.watts = watts
            case (.treadmill, .speed(let metersPerSecond)): held.metersPerSecond = metersPerSecond
            case (.treadmill, .incline(let percent)): held.inclinePercent = percent
            default: break
            }
        }
    }

    /// `reading` as the machine gives it while holding its targets; as recorded until the first target.
    func adjusted(_ reading: IndoorReading, offset: Int) -> IndoorReading {
        held.withLock { held in
            var result = reading
            if let watts = held.watts, let recorded = reading.powerWatts {
                let now = held.currentWatts ?? Double(recorded)
                let next = now + (Double(watts) - now) * Self.powerShare
                held.currentWatts = next
                // A trainer's own small wobble around what it holds.
                result.powerWatts = max(0, Int((next + 3 * sin(Double(offset) / 5)).rounded()))
                result.speedMetersPerSecond = SyntheticIndoorSession.flatSpeed(watts: Double(result.powerWatts ?? 0))
            }
            if let speed = held.metersPerSecond {
                let now = held.currentMetersPerSecond ?? reading.speedMetersPerSecond
                let next = now + min(Self.beltChange, max(-Self.beltChange, speed - now))
                held.currentMetersPerSecond = next
                result.speedMetersPerSecond = next
            }
            if let incline = held.inclinePercent { result.inclinePercent = incline }
            switch machine {
            case .bike where held.watts != nil:
                // The simulated rider's: 80 W is no effort, 250 W (a quarter over an FTP of 200) flat out.
                held.effort = (Double(result.powerWatts ?? 0) - 80) / 170
            case .treadmill where held.metersPerSecond != nil || held.inclinePercent != nil:
                // 8 to 12 km/h is the session's range of effort; each percent of incline is worth about 0.5 km/h.
                held.effort = (result.speedMetersPerSecond * 3.6 + 0.5 * (result.inclinePercent ?? 0) - 8) / 4
            default: break
            }
            held.extraMeters += result.speedMetersPerSecond - reading.speedMetersPerSecond
            result.totalDistanceMeters = max(0, reading.totalDistanceMeters + held.extraMeters)
            return result
        }
    }

    /// The heart rate that goes with the effort the machine holds, moving a thirtieth of the way there each second,
    /// as the recorded session's does; `recorded` until the first target.
    func heartRate(recorded: Int?) -> Int? {
        held.withLock { held in
            guard let effort = held.effort, let recorded else { return recorded }
            let now = held.heartRate ?? Double(recorded)
            let next = now + (95 + 85 * min(1.2, max(0, effort)) - now) / 30
            held.heartRate = next
            return Int(next.rounded())
        }
    }
}
