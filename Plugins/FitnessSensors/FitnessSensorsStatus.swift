import Foundation
import HubCore
import Synchronization

/// The fitness sensors' part of "status now" — "212 watts, cadence 88, 32.4 km/h" — from the latest reading of each
/// figure; a figure goes with its sensor's loss, and after ``freshFor`` without a new reading.
///
/// Shared by the sockets' threads (readings) and the sessions' tasks (links), so it sits behind a `Mutex`.
final class FitnessSensorsStatus: Sendable {
    /// How long a figure counts as current.
    static let freshFor: Duration = .seconds(5)
    /// Where the part goes in the sentence: after the heart rate (100), before the position.
    static let place = 105
    static let source = "fitness sensors"

    private struct Figure {
        var text: String
        var device: String
        var freshUntil: HubInstant
    }

    private struct Figures {
        var power: Figure?
        var cadence: Figure?
        var speed: Figure?
    }

    private let figures = Mutex(Figures())

    /// Takes a reading at `instant`; returns the part to publish, or nil when the reading changes nothing said.
    func take(_ reading: SensorDecoder.Reading, at instant: HubInstant) -> StatusPart? {
        let until = instant + Self.freshFor
        return figures.withLock { figures -> StatusPart? in
            switch reading {
            case .power(let power):
                figures.power = Figure(text: "\(power.watts) watts", device: power.source, freshUntil: until)
            case .cadence(let cadence):
                figures.cadence = Figure(
                    text: "cadence \(Int(cadence.perMinute.rounded()))", device: cadence.source, freshUntil: until)
            case .speed(let speed):
                guard let metersPerSecond = speed.speedMetersPerSecond else { return nil }
                let kilometersPerHour = (metersPerSecond * 36).rounded() / 10
                figures.speed = Figure(text: "\(kilometersPerHour) km/h", device: speed.source, freshUntil: until)
            case .machine, .status, .controlPoint:
                return nil
            }
            return Self.part(figures)
        }
    }

    /// Takes a change of a sensor's link; a lost or disconnected sensor's figures go at once.
    func take(_ change: SensorStatusChanged) -> StatusPart {
        figures.withLock { figures in
            if change.status == .lost || change.status == .disconnected {
                if figures.power?.device == change.device { figures.power = nil }
                if figures.cadence?.device == change.device { figures.cadence = nil }
                if figures.speed?.device == change.device { figures.speed = nil }
            }
            return Self.part(figures)
        }
    }

    private static func part(_ figures: Figures) -> StatusPart {
        let present = [figures.power, figures.cadence, figures.speed].compactMap { $0 }
        return StatusPart(
            source: source, place: place, fresh: present.map(\.text).joined(separator: ", "), stale: "",
            freshUntil: present.map(\.freshUntil).min())
    }
}
