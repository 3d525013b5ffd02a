/// The effort an interval asks for: an intensity (a pace, a speed, a power, a heart-rate zone …), a cadence, a
/// treadmill's incline, or some of these together.
public struct Target: Sendable, Equatable, Codable {
    /// How hard: one measure of it.
    public enum Intensity: Sendable, Equatable, Codable {
        /// A running pace, in seconds per kilometre: 240 is 4:00 /km.
        case pace(secondsPerKilometer: Int)
        /// A speed, for a treadmill or a bike: 10.5 km/h.
        case speed(kilometersPerHour: Double)
        /// A power in watts, from 1 to 3,000.
        case power(watts: Int)
        /// A power as a share of the rider's functional threshold power, from just over 0 to 300 %. For a run brought
        /// in from Zwift, a share of the threshold pace, as Zwift reads it.
        case ftp(percent: Double)
        /// A power that moves evenly from one share of FTP to another over the interval: a warm-up (50 → 75 %) or a
        /// cool-down (65 → 40 %).
        case ftpRamp(fromPercent: Double, toPercent: Double)
        /// A heart-rate zone, 1 (easy) to 5 (flat out), of the zones in the person's profile.
        case heartRateZone(Int)
        /// As hard as can be held for the interval (Zwift's `MaxEffort`): no number to hold.
        case maxEffort
    }

    /// How hard, or nil for a target of cadence or incline alone.
    public var intensity: Intensity?
    /// Pedal revolutions (or, running, steps) a minute.
    public var cadencePerMinute: Int?
    /// A treadmill's incline, in percent: 6 is a 6 % hill.
    public var inclinePercent: Double?

    /// A target as given; one with none of the three is no target, and a file says so by leaving it out.
    public init(intensity: Intensity? = nil, cadencePerMinute: Int? = nil, inclinePercent: Double? = nil) {
        self.intensity = intensity
        self.cadencePerMinute = cadencePerMinute
        self.inclinePercent = inclinePercent
    }
}
