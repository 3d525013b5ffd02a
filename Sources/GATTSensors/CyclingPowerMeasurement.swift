/// One Cycling Power Measurement notification (GATT characteristic 0x2A63), decoded.
///
/// Layout (little-endian): 16-bit flags, instantaneous power (sint16, W), then each optional field in flag order:
/// bit 0 pedal power balance (uint8, 1/2 %; bit 1 says whether it is the left pedal's share), bit 2 accumulated
/// torque (uint16, 1/32 N·m; bit 3 says wheel or crank), bit 4 wheel revolutions (uint32) and last wheel event time
/// (uint16, **1/2048 s**), bit 5 crank revolutions (uint16) and last crank event time (uint16, 1/1024 s), bit 6
/// maximum and minimum force (sint16 each, N), bit 7 maximum and minimum torque (sint16 each, 1/32 N·m), bit 8
/// extreme angles (two uint12 in 3 bytes: maximum in the low 12 bits, minimum in the high 12, degrees), bit 9 top
/// dead spot angle (uint16, °), bit 10 bottom dead spot angle (uint16, °), bit 11 accumulated energy (uint16, kJ).
/// Bit 12 is the offset compensation indicator (no field); bits 13–15 are reserved.
///
/// Every optional field is read, even those the hub does not show, so that later fields sit at the right offset.
public struct CyclingPowerMeasurement: Sendable, Equatable {
    /// What the pedal power balance is a share of.
    public enum BalanceReference: Sendable, Equatable {
        /// The sensor does not say which pedal.
        case unknown
        /// The left pedal's share of the total.
        case left
    }

    /// Which rotation the accumulated torque is measured at.
    public enum TorqueSource: Sendable, Equatable {
        case wheel, crank
    }

    /// Power now, watts: 0 to ``PlausibilityLimits/maximumPowerWatts``.
    public var instantaneousPowerWatts: Int
    /// One pedal's share of the power, per cent (the raw value is in halves); nil when absent or above 100 %
    /// (0xFF is sent by some meters for "not known").
    public var pedalPowerBalancePercent: Double?
    /// Whose share ``pedalPowerBalancePercent`` is.
    public var pedalPowerBalanceReference: BalanceReference
    /// Torque summed since the sensor started, N·m (wraps at 2 048 N·m).
    public var accumulatedTorqueNewtonMeters: Double?
    /// Where ``accumulatedTorqueNewtonMeters`` is measured.
    public var accumulatedTorqueSource: TorqueSource
    /// Wheel revolutions, event time at 2 048 ticks a second.
    public var wheel: WheelRevolutionData?
    /// Crank revolutions.
    public var crank: CrankRevolutionData?
    /// Largest force on the pedal in the last revolution, newtons.
    public var maximumForceNewtons: Int?
    /// Smallest force on the pedal in the last revolution, newtons.
    public var minimumForceNewtons: Int?
    /// Largest torque in the last revolution, N·m.
    public var maximumTorqueNewtonMeters: Double?
    /// Smallest torque in the last revolution, N·m.
    public var minimumTorqueNewtonMeters: Double?
    /// Crank angle of the largest force, degrees.
    public var maximumAngleDegrees: Int?
    /// Crank angle of the smallest force, degrees.
    public var minimumAngleDegrees: Int?
    /// Crank angle where the pedal's force turns positive, degrees.
    public var topDeadSpotAngleDegrees: Int?
    /// Crank angle where the pedal's force turns negative, degrees.
    public var bottomDeadSpotAngleDegrees: Int?
    /// Energy since the sensor started, kilojoules.
    public var accumulatedEnergyKilojoules: Int?
    /// The meter is in its offset compensation (zero calibration): its power is no measurement yet.
    public var offsetCompensation: Bool

    /// Decodes a notification payload; bytes after the promised fields are ignored (see ``GATTSensorError``).
    ///
    /// - Throws: ``GATTSensorError``: ``DropReason/empty``, ``DropReason/truncated``,
    ///   ``DropReason/negativePower`` or ``DropReason/powerAboveLimit``. Cadence limits are the calculator's
    ///   (``CyclingSpeedCadenceCalculator``), as one sample of counters has none.
    public init(decoding bytes: some Collection<UInt8>) throws(GATTSensorError) {
        var reader = try PayloadReader(bytes, .cyclingPowerMeasurement)
        let flags = try reader.uint16("flags")
        func has(_ bit: Int) -> Bool { flags & (1 << bit) != 0 }
        instantaneousPowerWatts = Int(try reader.int16("instantaneous power"))
        pedalPowerBalanceReference = has(1) ? .left : .unknown
        accumulatedTorqueSource = has(3) ? .crank : .wheel
        offsetCompensation = has(12)
        if has(0) {
            let halves = try reader.uint8("pedal power balance")
            pedalPowerBalancePercent = halves <= 200 ? Double(halves) / 2 : nil
        }
        if has(2) { accumulatedTorqueNewtonMeters = Double(try reader.uint16("accumulated torque")) / 32 }
        if has(4) {
            wheel = WheelRevolutionData(
                cumulativeRevolutions: try reader.uint32("cumulative wheel revolutions"),
                lastEventTime: try reader.uint16("last wheel event time"), ticksPerSecond: 2048)
        }
        if has(5) {
            crank = CrankRevolutionData(
                cumulativeRevolutions: try reader.uint16("cumulative crank revolutions"),
                lastEventTime: try reader.uint16("last crank event time"))
        }
        if has(6) {
            maximumForceNewtons = Int(try reader.int16("maximum force"))
            minimumForceNewtons = Int(try reader.int16("minimum force"))
        }
        if has(7) {
            maximumTorqueNewtonMeters = Double(try reader.int16("maximum torque")) / 32
            minimumTorqueNewtonMeters = Double(try reader.int16("minimum torque")) / 32
        }
        if has(8) {
            let angles = try reader.uint24("extreme angles")
            maximumAngleDegrees = Int(angles & 0xFFF)
            minimumAngleDegrees = Int(angles >> 12)
        }
        if has(9) { topDeadSpotAngleDegrees = Int(try reader.uint16("top dead spot angle")) }
        if has(10) { bottomDeadSpotAngleDegrees = Int(try reader.uint16("bottom dead spot angle")) }
        if has(11) { accumulatedEnergyKilojoules = Int(try reader.uint16("accumulated energy")) }
        // Checked last, so that a payload cut short is named as such rather than by its power.
        try PlausibilityLimits.check(
            powerWatts: instantaneousPowerWatts, "instantaneous power", .cyclingPowerMeasurement)
    }
}
