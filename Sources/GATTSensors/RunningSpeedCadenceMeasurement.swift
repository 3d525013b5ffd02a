/// One RSC Measurement notification (GATT characteristic 0x2A53), decoded.
///
/// Layout (little-endian): a flags byte (bit 0 stride length present, bit 1 total distance present, bit 2 running
/// rather than walking, bits 3–7 reserved), instantaneous speed (uint16, 1/256 m/s), instantaneous cadence
/// (uint8, steps a minute), then stride length (uint16, 1/100 m) and total distance (uint32, 1/10 m) when flagged.
///
/// The total distance is the sensor's own; ``DistanceAccumulator`` turns it into one that never goes backwards.
public struct RunningSpeedCadenceMeasurement: Sendable, Equatable {
    /// Speed now, m/s.
    public var speedMetersPerSecond: Double
    /// Steps a minute.
    public var cadenceStepsPerMinute: Int
    /// Length of the last stride, metres.
    public var strideLengthMeters: Double?
    /// Distance since the sensor's last reset, metres.
    public var totalDistanceMeters: Double?
    /// Whether the sensor says running (true) or walking (false).
    public var isRunning: Bool

    /// A measurement from its parts.
    public init(
        speedMetersPerSecond: Double, cadenceStepsPerMinute: Int, strideLengthMeters: Double? = nil,
        totalDistanceMeters: Double? = nil, isRunning: Bool
    ) {
        self.speedMetersPerSecond = speedMetersPerSecond
        self.cadenceStepsPerMinute = cadenceStepsPerMinute
        self.strideLengthMeters = strideLengthMeters
        self.totalDistanceMeters = totalDistanceMeters
        self.isRunning = isRunning
    }

    /// Decodes a notification payload; bytes after the promised fields are ignored (see ``GATTSensorError``).
    ///
    /// - Throws: ``GATTSensorError``: ``DropReason/empty``, ``DropReason/truncated``,
    ///   ``DropReason/speedAboveLimit`` or ``DropReason/cadenceAboveLimit``.
    public init(decoding bytes: some Collection<UInt8>) throws(GATTSensorError) {
        var reader = try PayloadReader(bytes, .runningSpeedCadenceMeasurement)
        let flags = try reader.uint8("flags")
        speedMetersPerSecond = Double(try reader.uint16("instantaneous speed")) / 256
        cadenceStepsPerMinute = Int(try reader.uint8("instantaneous cadence"))
        if flags & 0b001 != 0 { strideLengthMeters = Double(try reader.uint16("stride length")) / 100 }
        if flags & 0b010 != 0 { totalDistanceMeters = Double(try reader.uint32("total distance")) / 10 }
        isRunning = flags & 0b100 != 0
        try PlausibilityLimits.check(
            speedKilometersPerHour: speedMetersPerSecond * 3.6, "speed", .runningSpeedCadenceMeasurement)
        try PlausibilityLimits.check(
            cadencePerMinute: Double(cadenceStepsPerMinute), "cadence", .runningSpeedCadenceMeasurement)
    }
}
