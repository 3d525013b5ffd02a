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

/// The machine's answer to a control point request: an indication `0x80 [request op code] [result]`.
public struct FitnessMachineControlPointResponse: Sendable, Equatable, CustomStringConvertible {
    /// How the machine took the request.
    public enum Result: Sendable, Equatable {
        /// 0x01: done.
        case success
        /// 0x02: the machine does not know this request.
        case notSupported
        /// 0x03: the request's parameter is outside what the machine takes.
        case invalidParameter
        /// 0x04: the machine tried and failed.
        case operationFailed
        /// 0x05: the hub does not have control (request it first, or another app holds it).
        case controlNotPermitted
        /// A result code of a later version.
        case unknown(UInt8)

        init(code: UInt8) {
            switch code {
            case 1: self = .success
            case 2: self = .notSupported
            case 3: self = .invalidParameter
            case 4: self = .operationFailed
            case 5: self = .controlNotPermitted
            default: self = .unknown(code)
            }
        }

        /// The result in plain words.
        public var words: String {
            switch self {
            case .success: "done"
            case .notSupported: "not supported"
            case .invalidParameter: "invalid parameter"
            case .operationFailed: "operation failed"
            case .controlNotPermitted: "control not permitted"
            case .unknown(let code): "result code \(code)"
            }
        }
    }

    /// The op code of the request this answers.
    public var requestOpCode: UInt8
    public var result: Result
    /// What follows the result (a spin-down's target speeds), undecoded.
    public var parameter: [UInt8]

    /// Decodes an indication of the control point.
    ///
    /// - Throws: ``GATTSensorError``: ``DropReason/empty``, ``DropReason/truncated``, or
    ///   ``DropReason/notAResponse`` when the first byte is not 0x80.
    public init(decoding bytes: some Collection<UInt8>) throws(GATTSensorError) {
        var reader = try PayloadReader(bytes, .fitnessMachineControlPoint)
        let code = try reader.uint8("response code")
        guard code == 0x80 else {
            throw GATTSensorError(
                .fitnessMachineControlPoint, .notAResponse,
                "op code 0x\(String(code, radix: 16, uppercase: true)) is not a response (0x80)")
        }
        requestOpCode = try reader.uint8("request op code")
        result = Result(code: try reader.uint8("result code"))
        parameter = reader.rest()
    }

    /// Whether the machine did what was asked.
    public var succeeded: Bool { result == .success }

    /// The answer for a person: "the trainer refused to set the target power: control not permitted".
    public var description: String {
        let action: String =
            switch requestOpCode {
            case 0x00: "take control"
            case 0x01: "reset"
            case 0x02: "set the target speed"
            case 0x03: "set the target incline"
            case 0x04: "set the target resistance"
            case 0x05: "set the target power"
            case 0x07: "start"
            case 0x08: "stop or pause"
            default: "carry out request 0x\(String(requestOpCode, radix: 16, uppercase: true))"
            }
        return succeeded ? "the trainer agreed to \(action)" : "the trainer refused to \(action): \(result.words)"
    }
}
