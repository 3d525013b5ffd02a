/// A request the hub writes to the Fitness Machine Control Point (0x2AD9).
///
/// The machine answers each write with an indication, decoded as ``FitnessMachineControlPointResponse``. Control
/// must be requested (``requestControl``) before any other request is accepted.
public enum FitnessMachineControlPointRequest: Sendable, Equatable {
    /// Op code 0x00: ask for control of the machine.
    case requestControl
    /// Op code 0x01: reset the machine's figures and targets.
    case reset
    /// Op code 0x02: uint16 in 0.01 km/h (0 to 655.35 km/h).
    case setTargetSpeed(kilometersPerHour: Double)
    /// Op code 0x03: sint16 in 0.1 % (−3 276.8 to 3 276.7 %).
    case setTargetInclination(percent: Double)
    /// Op code 0x04: uint8 in 0.1 (0 to 25.5).
    case setTargetResistanceLevel(Double)
    /// Op code 0x05: sint16 in watts.
    case setTargetPower(watts: Int)
    /// Op code 0x07: start or resume the machine.
    case startOrResume
    /// Op code 0x08: stop (parameter 1) or pause (parameter 2).
    case stopOrPause(StopOrPause)

    /// The op code this request is written with.
    public var opCode: UInt8 {
        switch self {
        case .requestControl: 0x00
        case .reset: 0x01
        case .setTargetSpeed: 0x02
        case .setTargetInclination: 0x03
        case .setTargetResistanceLevel: 0x04
        case .setTargetPower: 0x05
        case .startOrResume: 0x07
        case .stopOrPause: 0x08
        }
    }

    /// The bytes to write: the op code and its parameter, little-endian, rounded to the field's resolution.
    ///
    /// - Throws: ``GATTSensorError`` with ``DropReason/targetOutOfRange`` when the field cannot carry the target.
    public func encoded() throws(GATTSensorError) -> [UInt8] {
        switch self {
        case .requestControl, .reset, .startOrResume: return [opCode]
        case .stopOrPause(let which): return [opCode, which.rawValue]
        case .setTargetSpeed(let speed):
            let raw = try Self.scaled(speed, by: 100, in: 0...Int(UInt16.max), "target speed")
            return [opCode, UInt8(raw & 0xFF), UInt8(raw >> 8)]
        case .setTargetInclination(let percent):
            let raw = try Self.scaled(percent, by: 10, in: Int(Int16.min)...Int(Int16.max), "target inclination")
            let bits = UInt16(bitPattern: Int16(raw))
            return [opCode, UInt8(bits & 0xFF), UInt8(bits >> 8)]
        case .setTargetResistanceLevel(let level):
            return [opCode, UInt8(try Self.scaled(level, by: 10, in: 0...Int(UInt8.max), "target resistance level"))]
        case .setTargetPower(let watts):
            guard (Int(Int16.min)...Int(Int16.max)).contains(watts) else {
                throw GATTSensorError(
                    .fitnessMachineControlPoint, .targetOutOfRange, "target power \(watts) W does not fit in 16 bits")
            }
            let bits = UInt16(bitPattern: Int16(watts))
            return [opCode, UInt8(bits & 0xFF), UInt8(bits >> 8)]
        }
    }

    private static func scaled(_ value: Double, by factor: Double, in range: ClosedRange<Int>, _ field: String)
        throws(GATTSensorError) -> Int
    {
        let scaled = (value * factor).rounded()
        guard scaled.isFinite, scaled >= Double(range.lowerBound), scaled <= Double(range.upperBound) else {
            throw GATTSensorError(
                .fitnessMachineControlPoint, .targetOutOfRange,
                "\(field) \(value) is outside \(Double(range.lowerBound) / factor)…\(Double(range.upperBound) / factor)"
            )
        }
        return Int(scaled)
    }

    /// The request in words, for a person ("set the target power").
    public var action: String {
        switch self {
        case .requestControl: "take control"
        case .reset: "reset"
        case .setTargetSpeed: "set the target speed"
        case .setTargetInclination: "set the target incline"
        case .setTargetResistanceLevel: "set the target resistance"
        case .setTargetPower: "set the target power"
        case .startOrResume: "start"
        case .stopOrPause(.stop): "stop"
        case .stopOrPause(.pause): "pause"
        }
    }
}
