/// One CSC Measurement notification (GATT characteristic 0x2A5B), decoded.
///
/// Layout (little-endian): a flags byte (bit 0 wheel data present, bit 1 crank data present, bits 2–7 reserved),
/// then the cumulative wheel revolutions (uint32) and last wheel event time (uint16, 1/1024 s), then the
/// cumulative crank revolutions (uint16) and last crank event time (uint16, 1/1024 s).
///
/// The counters mean nothing alone: ``CyclingSpeedCadenceCalculator`` turns successive ones into speed, distance
/// and cadence, and judges their plausibility.
public struct CyclingSpeedCadenceMeasurement: Sendable, Equatable {
    /// Wheel data (1 024 ticks a second), when the sensor sends it.
    public var wheel: WheelRevolutionData?
    /// Crank data, when the sensor sends it.
    public var crank: CrankRevolutionData?

    /// A measurement from its parts.
    public init(wheel: WheelRevolutionData? = nil, crank: CrankRevolutionData? = nil) {
        self.wheel = wheel
        self.crank = crank
    }

    /// Decodes a notification payload; bytes after the promised fields are ignored (see ``GATTSensorError``).
    ///
    /// - Throws: ``GATTSensorError`` (``DropReason/empty`` or ``DropReason/truncated``).
    public init(decoding bytes: some Collection<UInt8>) throws(GATTSensorError) {
        var reader = try PayloadReader(bytes, .cyclingSpeedCadenceMeasurement)
        let flags = try reader.uint8("flags")
        if flags & 0b01 != 0 {
            wheel = WheelRevolutionData(
                cumulativeRevolutions: try reader.uint32("cumulative wheel revolutions"),
                lastEventTime: try reader.uint16("last wheel event time"), ticksPerSecond: 1024)
        }
        if flags & 0b10 != 0 {
            crank = CrankRevolutionData(
                cumulativeRevolutions: try reader.uint16("cumulative crank revolutions"),
                lastEventTime: try reader.uint16("last crank event time"))
        }
    }
}
