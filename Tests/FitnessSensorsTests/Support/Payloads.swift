/// Notification payloads built field by field, little-endian, as the SIG layouts say (TECHREF §2, §11).
enum Payload {
    static func uint16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }

    static func uint32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8((value >> (8 * $0)) & 0xFF) } }

    /// CSC Measurement with wheel and crank data (flags 0x03); event times in 1/1024 s.
    static func speedCadence(wheel: UInt32, wheelTime: UInt16, crank: UInt16, crankTime: UInt16) -> [UInt8] {
        [0x03] + uint32(wheel) + uint16(wheelTime) + uint16(crank) + uint16(crankTime)
    }

    /// CSC Measurement with wheel data only (flags 0x01).
    static func wheel(_ revolutions: UInt32, time: UInt16) -> [UInt8] {
        [0x01] + uint32(revolutions) + uint16(time)
    }

    /// Cycling Power Measurement: power alone, or with the left pedal's balance in halves of a percent.
    static func power(_ watts: UInt16, leftBalanceHalves: UInt8? = nil) -> [UInt8] {
        guard let leftBalanceHalves else { return [0x00, 0x00] + uint16(watts) }
        return [0x03, 0x00] + uint16(watts) + [leftBalanceHalves]
    }
}
