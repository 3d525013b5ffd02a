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
    /// How the machine took the request.
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
