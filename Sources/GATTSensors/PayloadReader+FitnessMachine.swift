/// The fitness machine fields, each read with its resolution, its "data not available" value and its limit.
///
/// "Data not available" is all ones for an unsigned field (0xFF, 0xFFFF, 0xFFFFFF) and the largest positive value
/// for a signed one (0x7FFF), as the Fitness Machine Service spells it for the energy fields and machines send for
/// the rest; such a field becomes nil rather than a figure nobody measured.
extension PayloadReader {
    /// uint16 in 0.01 km/h, at most the speed limit.
    mutating func speedKilometersPerHour(_ field: String) throws(GATTSensorError) -> Double? {
        guard let raw = try uint16(field).unlessNotAvailable else { return nil }
        let speed = Double(raw) / 100
        try PlausibilityLimits.check(speedKilometersPerHour: speed, field, characteristic)
        return speed
    }

    /// A cadence of 1/`divisor` per unit (uint8 or uint16), at most the cadence limit.
    mutating func cadencePerMinute(_ field: String, sixteenBit: Bool, divisor: Double) throws(GATTSensorError)
        -> Double?
    {
        let raw: UInt32? =
            sixteenBit
            ? try uint16(field).unlessNotAvailable.map(UInt32.init)
            : try uint8(field).unlessNotAvailable.map(UInt32.init)
        guard let raw else { return nil }
        let cadence = Double(raw) / divisor
        try PlausibilityLimits.check(cadencePerMinute: cadence, field, characteristic)
        return cadence
    }

    /// sint16 in watts, from 0 to the power limit.
    mutating func powerWatts(_ field: String) throws(GATTSensorError) -> Int? {
        guard let raw = try int16(field).unlessNotAvailable else { return nil }
        try PlausibilityLimits.check(powerWatts: Int(raw), field, characteristic)
        return Int(raw)
    }

    /// uint24 metres.
    mutating func distanceMeters(_ field: String) throws(GATTSensorError) -> Int? {
        let raw = try uint24(field)
        return raw == 0xFF_FFFF ? nil : Int(raw)
    }

    /// An unsigned 16-bit field over `divisor` (its resolution's inverse).
    mutating func unsigned16(_ field: String, divisor: Double = 1) throws(GATTSensorError) -> Double? {
        try uint16(field).unlessNotAvailable.map { Double($0) / divisor }
    }

    /// A signed 16-bit field over `divisor`.
    mutating func signed16(_ field: String, divisor: Double = 1) throws(GATTSensorError) -> Double? {
        try int16(field).unlessNotAvailable.map { Double($0) / divisor }
    }

    /// An unsigned 8-bit field over `divisor`.
    mutating func unsigned8(_ field: String, divisor: Double = 1) throws(GATTSensorError) -> Double? {
        try uint8(field).unlessNotAvailable.map { Double($0) / divisor }
    }

    /// Total energy (uint16 kcal), energy per hour (uint16 kcal) and energy per minute (uint8 kcal).
    mutating func energy() throws(GATTSensorError) -> FitnessMachineEnergy {
        FitnessMachineEnergy(
            totalKilocalories: try uint16("total energy").unlessNotAvailable.map(Int.init),
            kilocaloriesPerHour: try uint16("energy per hour").unlessNotAvailable.map(Int.init),
            kilocaloriesPerMinute: try uint8("energy per minute").unlessNotAvailable.map(Int.init))
    }

    /// uint8 bpm; 0 as well as 0xFF is nil, as machines send 0 when no hand is on the grips.
    mutating func heartRateBeatsPerMinute() throws(GATTSensorError) -> Int? {
        let raw = try uint8("heart rate")
        return raw == 0 || raw == 0xFF ? nil : Int(raw)
    }

    /// uint8 in 0.1 MET.
    mutating func metabolicEquivalent() throws(GATTSensorError) -> Double? {
        try unsigned8("metabolic equivalent", divisor: 10)
    }

    /// uint16 seconds.
    mutating func time(_ field: String) throws(GATTSensorError) -> Duration? {
        try uint16(field).unlessNotAvailable.map { .seconds(Int($0)) }
    }
}
