/// One Fitness Machine Status notification (GATT characteristic 0x2ADA): what changed on the machine, and who
/// changed it.
///
/// Layout: an op code (uint8) and its parameter. 0x01 reset; 0x02 stopped or paused by the user (uint8: 1 stop, 2
/// pause); 0x03 stopped by the safety key; 0x04 started or resumed by the user; 0x05 target speed changed (uint16,
/// 0.01 km/h); 0x06 target incline changed (sint16, 0.1 %); 0x07 target resistance level changed (uint8, 0.1); 0x08
/// target power changed (sint16, W); 0x09 target heart rate changed (uint8, bpm); 0x0D targeted distance changed
/// (uint24, m); 0x0E targeted training time changed (uint16, s); 0x13 wheel circumference changed (uint16, 0.1 mm);
/// 0x14 spin down status (uint8); 0x15 targeted cadence changed (uint16, 0.5 rpm); 0xFF control permission lost.
/// Other op codes (targeted energy, steps, strides, heart-rate zones, simulation parameters, and codes from later
/// versions) are kept as they came, in ``other(opCode:parameter:)``.
public enum FitnessMachineStatus: Sendable, Equatable, CustomStringConvertible {
    /// The machine was reset (by the control point or on its console).
    case reset
    /// The user stopped or paused the machine.
    case stoppedOrPausedByUser(StopOrPause)
    /// The safety key was pulled: the machine stopped.
    case stoppedBySafetyKey
    /// The user started or resumed the machine.
    case startedOrResumedByUser
    case targetSpeedChanged(kilometersPerHour: Double)
    case targetInclineChanged(percent: Double)
    case targetResistanceLevelChanged(Double)
    case targetPowerChanged(watts: Int)
    case targetHeartRateChanged(beatsPerMinute: Int)
    case targetedDistanceChanged(meters: Int)
    case targetedTrainingTimeChanged(Duration)
    case wheelCircumferenceChanged(millimeters: Double)
    /// Spin-down calibration: 1 requested, 2 success, 3 error, 4 stop pedalling.
    case spinDownStatus(UInt8)
    case targetedCadenceChanged(revolutionsPerMinute: Double)
    /// Another client took control of the machine, or the machine took it back: targets sent now are refused.
    case controlPermissionLost
    /// An op code this module does not spell out, with its parameter bytes.
    case other(opCode: UInt8, parameter: [UInt8])

    /// Decodes a notification payload; bytes after the parameter are ignored (see ``GATTSensorError``).
    ///
    /// - Throws: ``GATTSensorError``: ``DropReason/empty`` or ``DropReason/truncated`` (a parameter cut short).
    public init(decoding bytes: some Collection<UInt8>) throws(GATTSensorError) {
        var reader = try PayloadReader(bytes, .fitnessMachineStatus)
        let opCode = try reader.uint8("op code")
        switch opCode {
        case 0x01: self = .reset
        case 0x02:
            // A machine of the first version sends no parameter; that is a stop.
            let parameter = reader.remaining > 0 ? try reader.uint8("stop or pause") : 1
            self = .stoppedOrPausedByUser(parameter == 2 ? .pause : .stop)
        case 0x03: self = .stoppedBySafetyKey
        case 0x04: self = .startedOrResumedByUser
        case 0x05: self = .targetSpeedChanged(kilometersPerHour: Double(try reader.uint16("target speed")) / 100)
        case 0x06: self = .targetInclineChanged(percent: Double(try reader.int16("target incline")) / 10)
        case 0x07: self = .targetResistanceLevelChanged(Double(try reader.uint8("target resistance level")) / 10)
        case 0x08: self = .targetPowerChanged(watts: Int(try reader.int16("target power")))
        case 0x09: self = .targetHeartRateChanged(beatsPerMinute: Int(try reader.uint8("target heart rate")))
        case 0x0D: self = .targetedDistanceChanged(meters: Int(try reader.uint24("targeted distance")))
        case 0x0E: self = .targetedTrainingTimeChanged(.seconds(Int(try reader.uint16("targeted training time"))))
        case 0x13:
            self = .wheelCircumferenceChanged(millimeters: Double(try reader.uint16("wheel circumference")) / 10)
        case 0x14: self = .spinDownStatus(try reader.uint8("spin down status"))
        case 0x15:
            self = .targetedCadenceChanged(revolutionsPerMinute: Double(try reader.uint16("targeted cadence")) / 2)
        case 0xFF: self = .controlPermissionLost
        default: self = .other(opCode: opCode, parameter: reader.rest())
        }
    }

    /// What happened, in words for a person.
    public var description: String {
        switch self {
        case .reset: "the machine was reset"
        case .stoppedOrPausedByUser(.stop): "stopped on the machine"
        case .stoppedOrPausedByUser(.pause): "paused on the machine"
        case .stoppedBySafetyKey: "stopped by the safety key"
        case .startedOrResumedByUser: "started on the machine"
        case .targetSpeedChanged(let speed): "target speed now \(PlausibilityLimits.rounded(speed)) km/h"
        case .targetInclineChanged(let percent): "target incline now \(PlausibilityLimits.rounded(percent)) %"
        case .targetResistanceLevelChanged(let level): "target resistance now \(PlausibilityLimits.rounded(level))"
        case .targetPowerChanged(let watts): "target power now \(watts) W"
        case .targetHeartRateChanged(let rate): "target heart rate now \(rate) bpm"
        case .targetedDistanceChanged(let meters): "target distance now \(meters) m"
        case .targetedTrainingTimeChanged(let time): "target time now \(time.components.seconds) s"
        case .wheelCircumferenceChanged(let millimeters):
            "wheel circumference now \(PlausibilityLimits.rounded(millimeters)) mm"
        case .spinDownStatus(let status): "spin-down status \(status)"
        case .targetedCadenceChanged(let rpm): "target cadence now \(PlausibilityLimits.rounded(rpm)) rpm"
        case .controlPermissionLost: "the hub lost control of the machine"
        case .other(let opCode, _): "status 0x\(String(opCode, radix: 16, uppercase: true))"
        }
    }
}
