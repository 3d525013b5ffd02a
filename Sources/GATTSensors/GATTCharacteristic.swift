/// The GATT characteristics this module decodes or encodes, by their 16-bit Bluetooth SIG UUID.
///
/// The BlueZ plugin matches a characteristic's 128-bit UUID string against ``uuidString`` to pick the decoder.
public enum GATTCharacteristic: UInt16, Sendable, CaseIterable, CustomStringConvertible {
    case cyclingSpeedCadenceMeasurement = 0x2A5B
    case cyclingPowerMeasurement = 0x2A63
    case runningSpeedCadenceMeasurement = 0x2A53
    case fitnessMachineFeature = 0x2ACC
    case treadmillData = 0x2ACD
    case crossTrainerData = 0x2ACE
    case rowerData = 0x2AD1
    case indoorBikeData = 0x2AD2
    case fitnessMachineControlPoint = 0x2AD9
    case fitnessMachineStatus = 0x2ADA
    case supportedSpeedRange = 0x2AD4
    case supportedInclinationRange = 0x2AD5
    case supportedResistanceLevelRange = 0x2AD6
    case supportedHeartRateRange = 0x2AD7
    case supportedPowerRange = 0x2AD8

    /// The full 128-bit UUID as BlueZ spells it (lower case, on the Bluetooth base UUID).
    public var uuidString: String {
        let hex = String(rawValue, radix: 16)
        return String(repeating: "0", count: 8 - hex.count) + hex + "-0000-1000-8000-00805f9b34fb"
    }

    /// The characteristic whose UUID BlueZ reports (any case; 128-bit on the base UUID, or the 4-digit short form);
    /// nil for one this module does not know.
    public init?(uuidString: String) {
        let lower = uuidString.lowercased()
        let short: Substring
        if lower.count == 4 {
            short = Substring(lower)
        } else if lower.count == 36, lower.hasPrefix("0000"), lower.hasSuffix("-0000-1000-8000-00805f9b34fb") {
            short = lower.dropFirst(4).prefix(4)
        } else {
            return nil
        }
        guard let value = UInt16(short, radix: 16) else { return nil }
        self.init(rawValue: value)
    }

    /// The name the Bluetooth SIG gives it, for logs and messages.
    public var description: String {
        switch self {
        case .cyclingSpeedCadenceMeasurement: "CSC Measurement"
        case .cyclingPowerMeasurement: "Cycling Power Measurement"
        case .runningSpeedCadenceMeasurement: "RSC Measurement"
        case .fitnessMachineFeature: "Fitness Machine Feature"
        case .treadmillData: "Treadmill Data"
        case .crossTrainerData: "Cross Trainer Data"
        case .rowerData: "Rower Data"
        case .indoorBikeData: "Indoor Bike Data"
        case .fitnessMachineControlPoint: "Fitness Machine Control Point"
        case .fitnessMachineStatus: "Fitness Machine Status"
        case .supportedSpeedRange: "Supported Speed Range"
        case .supportedInclinationRange: "Supported Inclination Range"
        case .supportedResistanceLevelRange: "Supported Resistance Level Range"
        case .supportedHeartRateRange: "Supported Heart Rate Range"
        case .supportedPowerRange: "Supported Power Range"
        }
    }
}
