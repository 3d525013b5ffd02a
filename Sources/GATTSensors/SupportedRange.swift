/// The targets a fitness machine takes for one quantity, read once after connecting so that the hub sends only
/// targets the machine accepts (a target outside them is answered "invalid parameter").
///
/// Layouts (little-endian, SIG XML): Supported Speed Range 0x2AD4, three uint16 in 0.01 km/h; Supported Inclination
/// Range 0x2AD5, sint16 minimum, sint16 maximum and uint16 increment in 0.1 %; Supported Resistance Level Range
/// 0x2AD6, the same in 0.1; Supported Heart Rate Range 0x2AD7, three uint8 in bpm; Supported Power Range 0x2AD8,
/// sint16 minimum, sint16 maximum and uint16 increment in watts.
public struct SupportedRange: Sendable, Equatable {
    /// The lowest target, in the quantity's unit (km/h, %, level, bpm or W).
    public var minimum: Double
    /// The highest target.
    public var maximum: Double
    /// The smallest step between targets; 0 when the machine takes any value.
    public var minimumIncrement: Double

    /// A range from its parts.
    public init(minimum: Double, maximum: Double, minimumIncrement: Double) {
        self.minimum = minimum
        self.maximum = maximum
        self.minimumIncrement = minimumIncrement
    }

    /// Decodes Supported Speed Range (0x2AD4), km/h.
    ///
    /// - Throws: ``GATTSensorError``: ``DropReason/empty``, ``DropReason/truncated`` or ``DropReason/invalidRange``.
    public static func speedKilometersPerHour(decoding bytes: some Collection<UInt8>) throws(GATTSensorError) -> Self {
        var reader = try PayloadReader(bytes, .supportedSpeedRange)
        return try Self(
            Double(try reader.uint16("minimum speed")) / 100, Double(try reader.uint16("maximum speed")) / 100,
            Double(try reader.uint16("minimum increment")) / 100, .supportedSpeedRange)
    }

    /// Decodes Supported Inclination Range (0x2AD5), per cent.
    ///
    /// - Throws: as ``speedKilometersPerHour(decoding:)``.
    public static func inclinationPercent(decoding bytes: some Collection<UInt8>) throws(GATTSensorError) -> Self {
        try signed(bytes, .supportedInclinationRange, divisor: 10)
    }

    /// Decodes Supported Resistance Level Range (0x2AD6), levels.
    ///
    /// - Throws: as ``speedKilometersPerHour(decoding:)``.
    public static func resistanceLevel(decoding bytes: some Collection<UInt8>) throws(GATTSensorError) -> Self {
        try signed(bytes, .supportedResistanceLevelRange, divisor: 10)
    }

    /// Decodes Supported Heart Rate Range (0x2AD7), bpm.
    ///
    /// - Throws: as ``speedKilometersPerHour(decoding:)``.
    public static func heartRateBeatsPerMinute(decoding bytes: some Collection<UInt8>) throws(GATTSensorError) -> Self {
        var reader = try PayloadReader(bytes, .supportedHeartRateRange)
        return try Self(
            Double(try reader.uint8("minimum heart rate")), Double(try reader.uint8("maximum heart rate")),
            Double(try reader.uint8("minimum increment")), .supportedHeartRateRange)
    }

    /// Decodes Supported Power Range (0x2AD8), watts.
    ///
    /// - Throws: as ``speedKilometersPerHour(decoding:)``.
    public static func powerWatts(decoding bytes: some Collection<UInt8>) throws(GATTSensorError) -> Self {
        try signed(bytes, .supportedPowerRange, divisor: 1)
    }

    /// The target nearest to `target` that the machine takes: within the range, and a whole number of increments
    /// above the minimum. A target that is not a number gives the minimum.
    public func nearestSupported(_ target: Double) -> Double {
        guard target.isFinite else { return minimum }
        let clamped = min(max(target, minimum), maximum)
        guard minimumIncrement > 0 else { return clamped }
        var stepped = minimum + ((clamped - minimum) / minimumIncrement).rounded() * minimumIncrement
        if stepped > maximum { stepped -= minimumIncrement }
        return stepped
    }

    private static func signed(_ bytes: some Collection<UInt8>, _ characteristic: GATTCharacteristic, divisor: Double)
        throws(GATTSensorError) -> Self
    {
        var reader = try PayloadReader(bytes, characteristic)
        return try Self(
            Double(try reader.int16("minimum")) / divisor, Double(try reader.int16("maximum")) / divisor,
            Double(try reader.uint16("minimum increment")) / divisor, characteristic)
    }

    private init(_ minimum: Double, _ maximum: Double, _ increment: Double, _ characteristic: GATTCharacteristic)
        throws(GATTSensorError)
    {
        guard minimum <= maximum else {
            throw GATTSensorError(
                characteristic, .invalidRange, "minimum \(minimum) is above maximum \(maximum)")
        }
        self.init(minimum: minimum, maximum: maximum, minimumIncrement: increment)
    }
}
