/// One Cross Trainer Data notification (GATT characteristic 0x2ACE, Fitness Machine Service), decoded.
///
/// Layout (little-endian): **24-bit** flags, then in this order: bit 0 "More Data" **inverted** (0 means
/// instantaneous speed, uint16 0.01 km/h, IS present); bit 1 average speed (uint16 0.01 km/h); bit 2 total distance
/// (uint24, m); bit 3 steps per minute and average step rate (uint16 each); bit 4 stride count (uint16, 0.1); bit 5
/// positive and negative elevation gain (uint16 each, m); bit 6 inclination (sint16, 0.1 %) and ramp angle (sint16,
/// 0.1°); bit 7 resistance level (sint16, 0.1); bit 8 instantaneous power (sint16, W); bit 9 average power (sint16,
/// W); bit 10 expended energy (uint16 kcal, uint16 kcal/h, uint8 kcal/min); bit 11 heart rate (uint8); bit 12
/// metabolic equivalent (uint8, 0.1); bit 13 elapsed time (uint16 s); bit 14 remaining time (uint16 s). Bit 15 is
/// the movement direction (no field); bits 16–23 are reserved.
public struct CrossTrainerData: Sendable, Equatable {
    /// More of this record follows in another notification (and no speed is in this one).
    public var moreData: Bool
    /// Speed now, km/h (nil when More Data is set or the machine sends "not available").
    public var instantaneousSpeedKilometersPerHour: Double?
    /// Average speed since the start, km/h.
    public var averageSpeedKilometersPerHour: Double?
    /// Distance since the start as the machine counts it, metres (``DistanceAccumulator`` keeps it from going back).
    public var totalDistanceMeters: Int?
    /// Steps a minute now.
    public var stepsPerMinute: Double?
    /// Average steps a minute since the start.
    public var averageStepsPerMinute: Double?
    /// Strides since the start (in tenths: the field's resolution is 0.1).
    public var strideCount: Double?
    /// Height climbed since the start, metres.
    public var positiveElevationGainMeters: Double?
    /// Height descended since the start, metres.
    public var negativeElevationGainMeters: Double?
    /// Incline, per cent (negative downhill).
    public var inclinationPercent: Double?
    /// The ramp's angle, degrees.
    public var rampAngleDegrees: Double?
    /// Resistance as the machine counts it (no unit).
    public var resistanceLevel: Double?
    /// Power now, watts: 0 to ``PlausibilityLimits/maximumPowerWatts``.
    public var instantaneousPowerWatts: Int?
    /// Average power since the start, watts.
    public var averagePowerWatts: Int?
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
    /// The user moves backward (flag bit 15).
    public var movingBackward: Bool

    /// Decodes a notification payload; bytes after the promised fields are ignored (see ``GATTSensorError``).
    ///
    /// - Throws: ``GATTSensorError``: ``DropReason/empty``, ``DropReason/truncated``, or a speed, step rate or
    ///   power outside ``PlausibilityLimits``.
    public init(decoding bytes: some Collection<UInt8>) throws(GATTSensorError) {
        var reader = try PayloadReader(bytes, .crossTrainerData)
        let flags = try reader.uint24("flags")
        func has(_ bit: Int) -> Bool { flags & (1 << bit) != 0 }
        moreData = has(0)
        movingBackward = has(15)
        if !has(0) { instantaneousSpeedKilometersPerHour = try reader.speedKilometersPerHour("instantaneous speed") }
        if has(1) { averageSpeedKilometersPerHour = try reader.speedKilometersPerHour("average speed") }
        if has(2) { totalDistanceMeters = try reader.distanceMeters("total distance") }
        if has(3) {
            stepsPerMinute = try reader.cadencePerMinute("steps per minute", sixteenBit: true, divisor: 1)
            averageStepsPerMinute = try reader.cadencePerMinute("average step rate", sixteenBit: true, divisor: 1)
        }
        if has(4) { strideCount = try reader.unsigned16("stride count", divisor: 10) }
        if has(5) {
            positiveElevationGainMeters = try reader.unsigned16("positive elevation gain")
            negativeElevationGainMeters = try reader.unsigned16("negative elevation gain")
        }
        if has(6) {
            inclinationPercent = try reader.signed16("inclination", divisor: 10)
            rampAngleDegrees = try reader.signed16("ramp angle", divisor: 10)
        }
        if has(7) { resistanceLevel = try reader.signed16("resistance level", divisor: 10) }
        if has(8) { instantaneousPowerWatts = try reader.powerWatts("instantaneous power") }
        if has(9) { averagePowerWatts = try reader.powerWatts("average power") }
        if has(10) { energy = try reader.energy() }
        if has(11) { heartRateBeatsPerMinute = try reader.heartRateBeatsPerMinute() }
        if has(12) { metabolicEquivalent = try reader.metabolicEquivalent() }
        if has(13) { elapsedTime = try reader.time("elapsed time") }
        if has(14) { remainingTime = try reader.time("remaining time") }
    }
}
