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
    public var instantaneousSpeedKilometersPerHour: Double?
    public var averageSpeedKilometersPerHour: Double?
    public var totalDistanceMeters: Int?
    public var stepsPerMinute: Double?
    public var averageStepsPerMinute: Double?
    public var strideCount: Double?
    public var positiveElevationGainMeters: Double?
    public var negativeElevationGainMeters: Double?
    public var inclinationPercent: Double?
    public var rampAngleDegrees: Double?
    public var resistanceLevel: Double?
    public var instantaneousPowerWatts: Int?
    public var averagePowerWatts: Int?
    public var energy: FitnessMachineEnergy?
    public var heartRateBeatsPerMinute: Int?
    public var metabolicEquivalent: Double?
    public var elapsedTime: Duration?
    public var remainingTime: Duration?
    /// The user moves backward (flag bit 15).
    public var movingBackward: Bool

    /// Decodes a notification payload; bytes after the promised fields are ignored (see ``PayloadReader``).
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
