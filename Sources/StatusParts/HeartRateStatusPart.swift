import HubCore

/// The heart-rate sensor's part of "status now" — "heart rate 142, strap battery 80%", "no heart rate" — kept from
/// what a plugin publishes about its strap (the heart-rate plugin, the simulator), so that both say it alike.
///
/// A heart rate counts for `freshFor` after its reading; a reading without skin contact is no heart rate (it leaves
/// the last one to go stale), and a strap that is lost or disconnected has none at once. The battery level stays
/// as last reported.
///
/// ```swift
/// var status = HeartRateStatusPart()
/// bus.publish(reading)
/// bus.publish(status.take(reading, at: clock.instant))
/// ```
public struct HeartRateStatusPart: Sendable {
    /// How long a heart rate counts as current.
    public static let freshFor: Duration = .seconds(5)
    /// Where the part goes in the sentence: after the workout, before the position.
    public static let place = 100

    private var beatsPerMinute: Int?
    private var freshUntil: HubInstant?
    private var batteryPercent: Int?

    public init() {}

    /// Takes a reading published at `instant`; returns the part to publish.
    public mutating func take(_ reading: HeartRateMeasured, at instant: HubInstant) -> StatusPart {
        if reading.contact != .noContact, reading.beatsPerMinute > 0 {
            beatsPerMinute = reading.beatsPerMinute
            freshUntil = instant + Self.freshFor
        }
        return part
    }

    /// Takes a change of the strap's link or battery; returns the part to publish.
    public mutating func take(_ change: SensorStatusChanged) -> StatusPart {
        if let percent = change.batteryPercent { batteryPercent = percent }
        if change.status == .lost || change.status == .disconnected {
            beatsPerMinute = nil
            freshUntil = nil
        }
        return part
    }

    /// The part as it stands.
    public var part: StatusPart {
        let battery = batteryPercent.map { ", strap battery \($0)%" } ?? ""
        return StatusPart(
            source: SensorStatusChanged.Sensor.heartRate.rawValue, place: Self.place,
            fresh: beatsPerMinute.map { "heart rate \($0)" + battery } ?? "no heart rate" + battery,
            stale: "no heart rate" + battery, freshUntil: freshUntil)
    }
}
