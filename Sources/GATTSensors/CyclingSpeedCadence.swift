/// Speed, distance and cadence worked out from a cycling sensor's counters: what the hub publishes.
public struct CyclingSpeedCadence: Sendable, Equatable {
    /// Wheel speed, m/s; nil until two wheel samples gave one (or the sensor has no wheel data).
    public var speedMetersPerSecond: Double?
    /// Distance since the calculator started, metres; never goes backwards; nil without wheel data.
    public var distanceMeters: Double?
    /// Crank cadence, revolutions per minute; nil until two crank samples gave one (or the sensor has none).
    public var cadenceRevolutionsPerMinute: Double?

    /// A value from its parts.
    public init(
        speedMetersPerSecond: Double? = nil, distanceMeters: Double? = nil, cadenceRevolutionsPerMinute: Double? = nil
    ) {
        self.speedMetersPerSecond = speedMetersPerSecond
        self.distanceMeters = distanceMeters
        self.cadenceRevolutionsPerMinute = cadenceRevolutionsPerMinute
    }
}
