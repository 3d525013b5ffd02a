/// The Fitness Machine Feature characteristic (0x2ACC): which data fields the machine sends and which targets it
/// takes, so the hub offers only what works.
///
/// Layout: two uint32 bit fields, little-endian: the machine features, then the target setting features.
public struct FitnessMachineFeature: Sendable, Equatable {
    /// Data fields the machine can send.
    public struct MachineFeatures: OptionSet, Sendable, Hashable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        public static let averageSpeed = Self(rawValue: 1 << 0)
        public static let cadence = Self(rawValue: 1 << 1)
        public static let totalDistance = Self(rawValue: 1 << 2)
        public static let inclination = Self(rawValue: 1 << 3)
        public static let elevationGain = Self(rawValue: 1 << 4)
        public static let pace = Self(rawValue: 1 << 5)
        public static let stepCount = Self(rawValue: 1 << 6)
        public static let resistanceLevel = Self(rawValue: 1 << 7)
        public static let strideCount = Self(rawValue: 1 << 8)
        public static let expendedEnergy = Self(rawValue: 1 << 9)
        public static let heartRate = Self(rawValue: 1 << 10)
        public static let metabolicEquivalent = Self(rawValue: 1 << 11)
        public static let elapsedTime = Self(rawValue: 1 << 12)
        public static let remainingTime = Self(rawValue: 1 << 13)
        public static let powerMeasurement = Self(rawValue: 1 << 14)
        public static let forceOnBeltAndPowerOutput = Self(rawValue: 1 << 15)
        public static let userDataRetention = Self(rawValue: 1 << 16)
    }

    /// Targets the machine takes through its control point.
    public struct TargetSettings: OptionSet, Sendable, Hashable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        public static let speed = Self(rawValue: 1 << 0)
        public static let inclination = Self(rawValue: 1 << 1)
        public static let resistance = Self(rawValue: 1 << 2)
        public static let power = Self(rawValue: 1 << 3)
        public static let heartRate = Self(rawValue: 1 << 4)
        public static let expendedEnergy = Self(rawValue: 1 << 5)
        public static let stepNumber = Self(rawValue: 1 << 6)
        public static let strideNumber = Self(rawValue: 1 << 7)
        public static let distance = Self(rawValue: 1 << 8)
        public static let trainingTime = Self(rawValue: 1 << 9)
        public static let timeInTwoHeartRateZones = Self(rawValue: 1 << 10)
        public static let timeInThreeHeartRateZones = Self(rawValue: 1 << 11)
        public static let timeInFiveHeartRateZones = Self(rawValue: 1 << 12)
        public static let indoorBikeSimulation = Self(rawValue: 1 << 13)
        public static let wheelCircumference = Self(rawValue: 1 << 14)
        public static let spinDownControl = Self(rawValue: 1 << 15)
        public static let cadence = Self(rawValue: 1 << 16)
    }

    public var machineFeatures: MachineFeatures
    public var targetSettings: TargetSettings

    /// Features from their parts.
    public init(machineFeatures: MachineFeatures, targetSettings: TargetSettings) {
        self.machineFeatures = machineFeatures
        self.targetSettings = targetSettings
    }

    /// Decodes the value read from the characteristic; bytes after the 8 are ignored (see ``PayloadReader``).
    ///
    /// - Throws: ``GATTSensorError``: ``DropReason/empty`` or ``DropReason/truncated``.
    public init(decoding bytes: some Collection<UInt8>) throws(GATTSensorError) {
        var reader = try PayloadReader(bytes, .fitnessMachineFeature)
        machineFeatures = MachineFeatures(rawValue: try reader.uint32("fitness machine features"))
        targetSettings = TargetSettings(rawValue: try reader.uint32("target setting features"))
    }
}
