import HubCore

/// The location sensor's part of "status now" — "GPS fix", "no GPS fix" — kept from what a plugin publishes about
/// its receiver (the location plugin, the simulator), so that both say it alike.
///
/// A fix counts for `freshFor` after its position; a receiver whose link is lost or disconnected has none, whatever
/// its last position says, until the link is back. The part measures distance: with it, a workout's distance is
/// said even while it is 0 m.
public struct LocationStatusPart: Sendable {
    /// How long a position counts as a current fix.
    public static let freshFor: Duration = .seconds(5)
    /// Where the part goes in the sentence: after the heart rate.
    public static let place = 200

    private var freshUntil: HubInstant?
    private var linkDown = false

    public init() {}

    /// Takes a position published at `instant`; returns the part to publish.
    public mutating func take(_ position: PositionMeasured, at instant: HubInstant) -> StatusPart {
        linkDown = false
        freshUntil = instant + Self.freshFor
        return part
    }

    /// Takes a change of the receiver's link; returns the part to publish.
    public mutating func take(_ change: SensorStatusChanged) -> StatusPart {
        switch change.status {
        case .lost, .disconnected: linkDown = true
        case .connected, .restored, .connecting: linkDown = false
        case .battery: break
        }
        return part
    }

    /// The part as it stands.
    public var part: StatusPart {
        StatusPart(
            source: SensorStatusChanged.Sensor.location.rawValue, place: Self.place, fresh: "GPS fix",
            stale: "no GPS fix", freshUntil: linkDown ? nil : freshUntil, measuresDistance: true)
    }
}
