/// The limits the hub holds every sensor value to (from the hub's issue on implausible samples).
///
/// A value beyond them comes from a damaged payload, a counter that jumped or a sensor that restarted, never from
/// a person: it is dropped with a ``DropReason``, never handed on, so that one bad notification cannot put 4 000 W
/// or 900 km/h into a workout's statistics.
public enum PlausibilityLimits {
    /// The fastest speed taken as real, km/h (a fast descent on a bike).
    public static let maximumSpeedKilometersPerHour = 100.0
    /// The same in m/s.
    public static let maximumSpeedMetersPerSecond = maximumSpeedKilometersPerHour / 3.6
    /// The highest cadence taken as real, per minute (crank revolutions, steps or strokes).
    public static let maximumCadencePerMinute = 250.0
    /// The highest power taken as real, watts (a track sprinter's peak is about 2 500 W).
    public static let maximumPowerWatts = 3000
}

extension PlausibilityLimits {
    static func check(
        speedKilometersPerHour speed: Double, _ field: String, _ characteristic: GATTCharacteristic
    ) throws(GATTSensorError) {
        guard speed <= maximumSpeedKilometersPerHour else {
            throw GATTSensorError(
                characteristic, .speedAboveLimit,
                "\(field) \(rounded(speed)) km/h is above \(Int(maximumSpeedKilometersPerHour)) km/h")
        }
    }

    static func check(cadencePerMinute cadence: Double, _ field: String, _ characteristic: GATTCharacteristic)
        throws(GATTSensorError)
    {
        guard cadence <= maximumCadencePerMinute else {
            throw GATTSensorError(
                characteristic, .cadenceAboveLimit,
                "\(field) \(rounded(cadence)) per minute is above \(Int(maximumCadencePerMinute)) per minute")
        }
    }

    static func check(powerWatts power: Int, _ field: String, _ characteristic: GATTCharacteristic)
        throws(GATTSensorError)
    {
        guard power >= 0 else {
            throw GATTSensorError(characteristic, .negativePower, "\(field) \(power) W is below 0 W")
        }
        guard power <= maximumPowerWatts else {
            throw GATTSensorError(
                characteristic, .powerAboveLimit, "\(field) \(power) W is above \(maximumPowerWatts) W")
        }
    }

    /// One decimal, for messages.
    static func rounded(_ value: Double) -> String {
        guard value.isFinite else { return "\(value)" }
        let tenths = (value * 10).rounded()
        guard abs(tenths) < 1e15 else { return "\(value)" }
        let whole = Int(tenths)
        return whole % 10 == 0 ? "\(whole / 10)" : "\(Double(whole) / 10)"
    }
}
