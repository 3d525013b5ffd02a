/// One Rower Data notification (GATT characteristic 0x2AD1, Fitness Machine Service), decoded.
///
/// Layout (little-endian): 16-bit flags, then in this order: bit 0 "More Data" **inverted** (0 means stroke rate,
/// uint8 0.5 /min, and stroke count, uint16, ARE present); bit 1 average stroke rate (uint8, 0.5 /min); bit 2 total
/// distance (uint24, m); bit 3 instantaneous pace (uint16, s per 500 m); bit 4 average pace (uint16, s per 500 m);
/// bit 5 instantaneous power (sint16, W); bit 6 average power (sint16, W); bit 7 resistance level (sint16); bit 8
/// expended energy (uint16 kcal, uint16 kcal/h, uint8 kcal/min); bit 9 heart rate (uint8); bit 10 metabolic
/// equivalent (uint8, 0.1); bit 11 elapsed time (uint16 s); bit 12 remaining time (uint16 s).
public struct RowerData: Sendable, Equatable {
    /// More of this record follows in another notification (and no stroke rate is in this one).
    public var moreData: Bool
    /// Strokes a minute now (nil when More Data is set).
    public var strokeRatePerMinute: Double?
    /// Strokes since the start (nil when More Data is set).
    public var strokeCount: Int?
    /// Average strokes a minute since the start.
    public var averageStrokeRatePerMinute: Double?
    /// Distance since the start as the machine counts it, metres (``DistanceAccumulator`` keeps it from going back).
    public var totalDistanceMeters: Int?
    /// Time for 500 m at the present pace.
    public var instantaneousPacePer500Meters: Duration?
    /// Time for 500 m at the average pace.
    public var averagePacePer500Meters: Duration?
    /// Power now, watts: 0 to ``PlausibilityLimits/maximumPowerWatts``.
    public var instantaneousPowerWatts: Int?
    /// Average power since the start, watts.
    public var averagePowerWatts: Int?
    /// Resistance as the machine counts it (no unit).
    public var resistanceLevel: Double?
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
    /// - Throws: ``GATTSensorError``: ``DropReason/empty``, ``DropReason/truncated``, or a stroke rate or power
    ///   outside ``PlausibilityLimits``.
    public init(decoding bytes: some Collection<UInt8>) throws(GATTSensorError) {
        var reader = try PayloadReader(bytes, .rowerData)
        let flags = try reader.uint16("flags")
        func has(_ bit: Int) -> Bool { flags & (1 << bit) != 0 }
        moreData = has(0)
        if !has(0) {
            strokeRatePerMinute = try reader.cadencePerMinute("stroke rate", sixteenBit: false, divisor: 2)
            strokeCount = try reader.uint16("stroke count").unlessNotAvailable.map(Int.init)
        }
        if has(1) {
            averageStrokeRatePerMinute = try reader.cadencePerMinute(
                "average stroke rate", sixteenBit: false, divisor: 2)
        }
        if has(2) { totalDistanceMeters = try reader.distanceMeters("total distance") }
        if has(3) { instantaneousPacePer500Meters = try reader.time("instantaneous pace") }
        if has(4) { averagePacePer500Meters = try reader.time("average pace") }
        if has(5) { instantaneousPowerWatts = try reader.powerWatts("instantaneous power") }
        if has(6) { averagePowerWatts = try reader.powerWatts("average power") }
        if has(7) { resistanceLevel = try reader.signed16("resistance level") }
        if has(8) { energy = try reader.energy() }
        if has(9) { heartRateBeatsPerMinute = try reader.heartRateBeatsPerMinute() }
        if has(10) { metabolicEquivalent = try reader.metabolicEquivalent() }
        if has(11) { elapsedTime = try reader.time("elapsed time") }
        if has(12) { remainingTime = try reader.time("remaining time") }
    }
}
