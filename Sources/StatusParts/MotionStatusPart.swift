import HubCore

/// The speed, cadence and power sensors' part of "status now" — "212 watts, cadence 88, 32.4 km/h" — from the latest
/// reading of each figure; a figure goes with its sensor's loss, and after ``freshFor`` without a new reading.
///
/// A value: the fitness-sensors plugin and the simulator each keep one (behind a lock where threads share it), so
/// that a spin bike and its simulation are said alike.
public struct MotionStatusPart: Sendable {
    /// How long a figure counts as current.
    public static let freshFor: Duration = .seconds(5)
    /// Where the part goes in the sentence: after the heart rate (100), before the position.
    public static let place = 105
    public static let source = "fitness sensors"

    private struct Figure {
        var text: String
        var device: String
        var freshUntil: HubInstant
    }

    private var power: Figure?
    private var cadence: Figure?
    private var speed: Figure?

    public init() {}

    public mutating func take(_ reading: PowerMeasured, at instant: HubInstant) -> StatusPart {
        power = Figure(text: "\(reading.watts) watts", device: reading.source, freshUntil: instant + Self.freshFor)
        return part
    }

    public mutating func take(_ reading: CadenceMeasured, at instant: HubInstant) -> StatusPart {
        cadence = Figure(
            text: "cadence \(Int(reading.perMinute.rounded()))", device: reading.source,
            freshUntil: instant + Self.freshFor)
        return part
    }

    /// The part with this speed; nil for a reading with a distance only, which changes nothing said.
    public mutating func take(_ reading: SpeedMeasured, at instant: HubInstant) -> StatusPart? {
        guard let metersPerSecond = reading.speedMetersPerSecond else { return nil }
        let kilometersPerHour = (metersPerSecond * 36).rounded() / 10
        speed = Figure(text: "\(kilometersPerHour) km/h", device: reading.source, freshUntil: instant + Self.freshFor)
        return part
    }

    /// Takes a change of a sensor's link; a lost or disconnected sensor's figures go at once.
    public mutating func take(_ change: SensorStatusChanged) -> StatusPart {
        if change.status == .lost || change.status == .disconnected {
            if power?.device == change.device { power = nil }
            if cadence?.device == change.device { cadence = nil }
            if speed?.device == change.device { speed = nil }
        }
        return part
    }

    private var part: StatusPart {
        let present = [power, cadence, speed].compactMap { $0 }
        return StatusPart(
            source: Self.source, place: Self.place, fresh: present.map(\.text).joined(separator: ", "), stale: "",
            freshUntil: present.map(\.freshUntil).min())
    }
}
