import HubCore

/// The speed, cadence and power sensors' part of "status now" — "212 watts, cadence 88, 32.4 km/h" — from the latest
/// reading of each figure; a figure goes with its sensor's loss, and after ``freshFor`` without a new reading.
///
/// A value: the fitness-sensors plugin and the simulator each keep one (behind a lock where threads share it), so
/// that a spin bike and its simulation are said alike.
///
/// A bike's sensors notify 4 times a second each, and "status now" is asked for a few times a workout: a reading only
/// stores its figure, and a part (its words formatted) is given to publish when a figure comes or goes, or once
/// ``republishAfter`` has passed since the last one. What "status now" says is then at most that old, and a figure
/// goes stale at most that much early; publishing a part for every reading was a third of what a bike sensor's
/// notification cost the hub (Benchmarks/README.md, issue 19).
public struct MotionStatusPart: Sendable {
    /// How long a figure counts as current.
    public static let freshFor: Duration = .seconds(5)
    /// How long a changed figure may wait before a part says it (in hub time, so a simulation at `--speed 60` says
    /// each of its 1 Hz readings).
    public static let republishAfter: Duration = .milliseconds(900)
    /// Where the part goes in the sentence: after the heart rate (100), before the position.
    public static let place = 105
    public static let source = "fitness sensors"

    private struct Figure<Value: Sendable>: Sendable {
        var value: Value
        var device: String
        var freshUntil: HubInstant
    }

    private var power: Figure<Int>?
    private var cadence: Figure<Double>?
    private var speed: Figure<Double>?
    /// When the last part was given; nil before the first.
    private var publishedAt: HubInstant?

    public init() {}

    /// Takes a reading at `instant`; returns the part to publish, or nil when the last one still stands.
    public mutating func take(_ reading: PowerMeasured, at instant: HubInstant) -> StatusPart? {
        let appears = power == nil
        power = Figure(value: reading.watts, device: reading.source, freshUntil: instant + Self.freshFor)
        return part(at: instant, figuresChanged: appears)
    }

    /// Takes a reading at `instant`; returns the part to publish, or nil when the last one still stands.
    public mutating func take(_ reading: CadenceMeasured, at instant: HubInstant) -> StatusPart? {
        let appears = cadence == nil
        cadence = Figure(value: reading.perMinute, device: reading.source, freshUntil: instant + Self.freshFor)
        return part(at: instant, figuresChanged: appears)
    }

    /// Takes a reading at `instant`; returns the part to publish, or nil when the last one still stands (always for
    /// a reading with a distance only, which changes nothing said).
    public mutating func take(_ reading: SpeedMeasured, at instant: HubInstant) -> StatusPart? {
        guard let metersPerSecond = reading.speedMetersPerSecond else { return nil }
        let appears = speed == nil
        speed = Figure(value: metersPerSecond, device: reading.source, freshUntil: instant + Self.freshFor)
        return part(at: instant, figuresChanged: appears)
    }

    /// Takes a change of a sensor's link; a lost or disconnected sensor's figures go at once. Always a part: a
    /// change of link is rare, and what was said of the sensor must go with it.
    public mutating func take(_ change: SensorStatusChanged) -> StatusPart {
        if change.status == .lost || change.status == .disconnected {
            if power?.device == change.device { power = nil }
            if cadence?.device == change.device { cadence = nil }
            if speed?.device == change.device { speed = nil }
        }
        return part
    }

    private mutating func part(at instant: HubInstant, figuresChanged: Bool) -> StatusPart? {
        if !figuresChanged, let publishedAt, instant < publishedAt + Self.republishAfter { return nil }
        publishedAt = instant
        return part
    }

    /// The part as it stands, its words formatted now.
    public var part: StatusPart {
        var words: [String] = []
        var freshUntil: HubInstant?
        func fresh(_ until: HubInstant) { freshUntil = min(freshUntil ?? until, until) }
        if let power {
            words.append("\(power.value) watts")
            fresh(power.freshUntil)
        }
        if let cadence {
            words.append("cadence \(Int(cadence.value.rounded()))")
            fresh(cadence.freshUntil)
        }
        if let speed {
            words.append("\((speed.value * 36).rounded() / 10) km/h")
            fresh(speed.freshUntil)
        }
        return StatusPart(
            source: Self.source, place: Self.place, fresh: words.joined(separator: ", "), stale: "",
            freshUntil: freshUntil)
    }
}
