/// One Treadmill Data notification (GATT characteristic 0x2ACD, Fitness Machine Service), decoded.
///
/// Layout (little-endian): 16-bit flags, then in this order: bit 0 "More Data" **inverted** (0 means instantaneous
/// speed, uint16 0.01 km/h, IS present); bit 1 average speed (uint16 0.01 km/h); bit 2 total distance (uint24, m);
/// bit 3 inclination (sint16, 0.1 %) and ramp angle (sint16, 0.1°); bit 4 positive and negative elevation gain
/// (uint16 each, 0.1 m); bit 5 instantaneous pace (uint8, 0.1 km/min); bit 6 average pace (uint8, 0.1 km/min);
/// bit 7 expended energy (uint16 kcal, uint16 kcal/h, uint8 kcal/min); bit 8 heart rate (uint8); bit 9 metabolic
/// equivalent (uint8, 0.1); bit 10 elapsed time (uint16 s); bit 11 remaining time (uint16 s); bit 12 force on belt
/// (sint16, N) and power output (sint16, W).
public struct TreadmillData: Sendable, Equatable {
    /// More of this record follows in another notification (and no speed is in this one).
    public var moreData: Bool
    /// Speed now, km/h (nil when More Data is set or the machine sends "not available").
    public var instantaneousSpeedKilometersPerHour: Double?
    /// Average speed since the start, km/h.
    public var averageSpeedKilometersPerHour: Double?
    /// Distance since the start as the machine counts it, metres (``DistanceAccumulator`` keeps it from going back).
    public var totalDistanceMeters: Int?
    /// Incline of the belt, per cent (negative downhill).
    public var inclinationPercent: Double?
    /// The ramp's angle, degrees.
    public var rampAngleDegrees: Double?
    /// Height climbed since the start, metres.
    public var positiveElevationGainMeters: Double?
    /// Height descended since the start, metres.
    public var negativeElevationGainMeters: Double?
    /// Pace now, km/min, as the field is defined.
    public var instantaneousPaceKilometersPerMinute: Double?
    /// Average pace since the start, km/min.
    public var averagePaceKilometersPerMinute: Double?
    /// Energy spent, and at what rate.
    public var energy: FitnessMachineEnergy?
    /// Heart rate from the machine's grips or its strap, bpm; nil for 0 (no hand on the grips).
    public var heartRateBeatsPerMinute: Int?
    /// Effort in METs (1 is sitting still).
    public var metabolicEquivalent: Double?
    /// Time since the start of the session, by the machine.
    public var elapsedTime: Duration?
    /// Time left in the machine's programme.
    public var remainingTime: Duration?
    /// Force the user puts on the belt, newtons.
    public var forceOnBeltNewtons: Int?
    /// The user's power on the belt, watts: 0 to ``PlausibilityLimits/maximumPowerWatts``.
    public var powerOutputWatts: Int?

    /// Decodes a notification payload; bytes after the promised fields are ignored (see ``GATTSensorError``).
    ///
    /// - Throws: ``GATTSensorError``: ``DropReason/empty``, ``DropReason/truncated``, or a speed or power outside
    ///   ``PlausibilityLimits``.
    public init(decoding bytes: some Collection<UInt8>) throws(GATTSensorError) {
        var reader = try PayloadReader(bytes, .treadmillData)
        let flags = try reader.uint16("flags")
        func has(_ bit: Int) -> Bool { flags & (1 << bit) != 0 }
        moreData = has(0)
        if !has(0) { instantaneousSpeedKilometersPerHour = try reader.speedKilometersPerHour("instantaneous speed") }
        if has(1) { averageSpeedKilometersPerHour = try reader.speedKilometersPerHour("average speed") }
        if has(2) { totalDistanceMeters = try reader.distanceMeters("total distance") }
        if has(3) {
            inclinationPercent = try reader.signed16("inclination", divisor: 10)
            rampAngleDegrees = try reader.signed16("ramp angle", divisor: 10)
        }
        if has(4) {
            positiveElevationGainMeters = try reader.unsigned16("positive elevation gain", divisor: 10)
            negativeElevationGainMeters = try reader.unsigned16("negative elevation gain", divisor: 10)
        }
        if has(5) { instantaneousPaceKilometersPerMinute = try reader.unsigned8("instantaneous pace", divisor: 10) }
        if has(6) { averagePaceKilometersPerMinute = try reader.unsigned8("average pace", divisor: 10) }
        if has(7) { energy = try reader.energy() }
        if has(8) { heartRateBeatsPerMinute = try reader.heartRateBeatsPerMinute() }
        if has(9) { metabolicEquivalent = try reader.metabolicEquivalent() }
        if has(10) { elapsedTime = try reader.time("elapsed time") }
        if has(11) { remainingTime = try reader.time("remaining time") }
        if has(12) {
            forceOnBeltNewtons = try reader.int16("force on belt").unlessNotAvailable.map(Int.init)
            powerOutputWatts = try reader.powerWatts("power output")
        }
    }
}
