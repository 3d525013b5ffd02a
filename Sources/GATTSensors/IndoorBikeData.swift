/// One Indoor Bike Data notification (GATT characteristic 0x2AD2, Fitness Machine Service), decoded.
///
/// Layout (little-endian): 16-bit flags, then each field its flag promises, in this order: bit 0 "More Data" is
/// **inverted** (0 means the instantaneous speed, uint16 0.01 km/h, IS present); bit 1 average speed (uint16
/// 0.01 km/h); bit 2 instantaneous cadence (uint16, 0.5 rpm); bit 3 average cadence (uint16, 0.5 rpm); bit 4 total
/// distance (uint24, m); bit 5 resistance level (sint16, unitless); bit 6 instantaneous power (sint16, W); bit 7
/// average power (sint16, W); bit 8 expended energy (uint16 kcal total, uint16 kcal per hour, uint8 kcal per
/// minute); bit 9 heart rate (uint8, bpm); bit 10 metabolic equivalent (uint8, 0.1); bit 11 elapsed time (uint16,
/// s); bit 12 remaining time (uint16, s). The old SIG XML labels bits 1 and 2 the wrong way round; this order is
/// the one its field requirements and the specification give.
///
/// A machine may split one record over several notifications (More Data set in all but the last); each is decoded
/// on its own, and a field absent from one is nil in it.
public struct IndoorBikeData: Sendable, Equatable {
    /// The "More Data" bit: more of this record follows in another notification (and no speed is in this one).
    public var moreData: Bool
    /// Speed now, km/h (nil when More Data is set or the machine sends "not available").
    public var instantaneousSpeedKilometersPerHour: Double?
    /// Average speed since the start, km/h.
    public var averageSpeedKilometersPerHour: Double?
    /// Cadence now, rpm.
    public var instantaneousCadenceRevolutionsPerMinute: Double?
    /// Average cadence since the start, rpm.
    public var averageCadenceRevolutionsPerMinute: Double?
    /// Distance since the start as the machine counts it, metres (``DistanceAccumulator`` keeps it from going back).
    public var totalDistanceMeters: Int?
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

    /// Decodes a notification payload; bytes after the promised fields are ignored (see ``GATTSensorError``).
    ///
    /// - Throws: ``GATTSensorError``: ``DropReason/empty``, ``DropReason/truncated``, or a speed, cadence or power
    ///   outside ``PlausibilityLimits``.
    public init(decoding bytes: some Collection<UInt8>) throws(GATTSensorError) {
        var reader = try PayloadReader(bytes, .indoorBikeData)
        let flags = try reader.uint16("flags")
        func has(_ bit: Int) -> Bool { flags & (1 << bit) != 0 }
        moreData = has(0)
        if !has(0) { instantaneousSpeedKilometersPerHour = try reader.speedKilometersPerHour("instantaneous speed") }
        if has(1) { averageSpeedKilometersPerHour = try reader.speedKilometersPerHour("average speed") }
        if has(2) {
            instantaneousCadenceRevolutionsPerMinute = try reader.cadencePerMinute(
                "instantaneous cadence", sixteenBit: true, divisor: 2)
        }
        if has(3) {
            averageCadenceRevolutionsPerMinute = try reader.cadencePerMinute(
                "average cadence", sixteenBit: true, divisor: 2)
        }
        if has(4) { totalDistanceMeters = try reader.distanceMeters("total distance") }
        if has(5) { resistanceLevel = try reader.signed16("resistance level") }
        if has(6) { instantaneousPowerWatts = try reader.powerWatts("instantaneous power") }
        if has(7) { averagePowerWatts = try reader.powerWatts("average power") }
        if has(8) { energy = try reader.energy() }
        if has(9) { heartRateBeatsPerMinute = try reader.heartRateBeatsPerMinute() }
        if has(10) { metabolicEquivalent = try reader.metabolicEquivalent() }
        if has(11) { elapsedTime = try reader.time("elapsed time") }
        if has(12) { remainingTime = try reader.time("remaining time") }
    }
}
