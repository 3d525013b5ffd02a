/// The Fitness Machine Feature characteristic (0x2ACC): which data fields the machine sends and which targets it
/// takes, so the hub offers only what works.
///
/// Layout: two uint32 bit fields, little-endian: the machine features, then the target setting features.
public struct FitnessMachineFeature: Sendable, Equatable {
    /// Data fields the machine can send.
    public struct MachineFeatures: OptionSet, Sendable, Hashable {
        /// The bits as the machine sent them.
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        /// Bit 0: average speed.
        public static let averageSpeed = Self(rawValue: 1 << 0)
        /// Bit 1: cadence.
        public static let cadence = Self(rawValue: 1 << 1)
        /// Bit 2: total distance.
        public static let totalDistance = Self(rawValue: 1 << 2)
        /// Bit 3: inclination.
        public static let inclination = Self(rawValue: 1 << 3)
        /// Bit 4: elevation gain.
        public static let elevationGain = Self(rawValue: 1 << 4)
        /// Bit 5: pace.
        public static let pace = Self(rawValue: 1 << 5)
        /// Bit 6: step count.
        public static let stepCount = Self(rawValue: 1 << 6)
        /// Bit 7: resistance level.
        public static let resistanceLevel = Self(rawValue: 1 << 7)
        /// Bit 8: stride count.
        public static let strideCount = Self(rawValue: 1 << 8)
        /// Bit 9: expended energy.
        public static let expendedEnergy = Self(rawValue: 1 << 9)
        /// Bit 10: heart rate.
        public static let heartRate = Self(rawValue: 1 << 10)
        /// Bit 11: metabolic equivalent.
        public static let metabolicEquivalent = Self(rawValue: 1 << 11)
        /// Bit 12: elapsed time.
        public static let elapsedTime = Self(rawValue: 1 << 12)
        /// Bit 13: remaining time.
        public static let remainingTime = Self(rawValue: 1 << 13)
        /// Bit 14: power measurement.
        public static let powerMeasurement = Self(rawValue: 1 << 14)
        /// Bit 15: force on belt and power output.
        public static let forceOnBeltAndPowerOutput = Self(rawValue: 1 << 15)
        /// Bit 16: user data retention.
        public static let userDataRetention = Self(rawValue: 1 << 16)
    }

    /// Targets the machine takes through its control point.
    public struct TargetSettings: OptionSet, Sendable, Hashable {
        /// The bits as the machine sent them.
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        /// Bit 0: speed.
        public static let speed = Self(rawValue: 1 << 0)
        /// Bit 1: inclination.
        public static let inclination = Self(rawValue: 1 << 1)
        /// Bit 2: resistance.
        public static let resistance = Self(rawValue: 1 << 2)
        /// Bit 3: power.
        public static let power = Self(rawValue: 1 << 3)
        /// Bit 4: heart rate.
        public static let heartRate = Self(rawValue: 1 << 4)
        /// Bit 5: expended energy.
        public static let expendedEnergy = Self(rawValue: 1 << 5)
        /// Bit 6: step number.
        public static let stepNumber = Self(rawValue: 1 << 6)
        /// Bit 7: stride number.
        public static let strideNumber = Self(rawValue: 1 << 7)
        /// Bit 8: distance.
        public static let distance = Self(rawValue: 1 << 8)
        /// Bit 9: training time.
        public static let trainingTime = Self(rawValue: 1 << 9)
        /// Bit 10: time in two heart rate zones.
        public static let timeInTwoHeartRateZones = Self(rawValue: 1 << 10)
        /// Bit 11: time in three heart rate zones.
        public static let timeInThreeHeartRateZones = Self(rawValue: 1 << 11)
        /// Bit 12: time in five heart rate zones.
        public static let timeInFiveHeartRateZones = Self(rawValue: 1 << 12)
        /// Bit 13: indoor bike simulation.
        public static let indoorBikeSimulation = Self(rawValue: 1 << 13)
        /// Bit 14: wheel circumference.
        public static let wheelCircumference = Self(rawValue: 1 << 14)
        /// Bit 15: spin down control.
        public static let spinDownControl = Self(rawValue: 1 << 15)
        /// Bit 16: cadence.
        public static let cadence = Self(rawValue: 1 << 16)
    }

    /// The data fields the machine sends.
    public var machineFeatures: MachineFeatures
    /// The targets the machine takes.
    public var targetSettings: TargetSettings

    /// Features from their parts.
    public init(machineFeatures: MachineFeatures, targetSettings: TargetSettings) {
        self.machineFeatures = machineFeatures
        self.targetSettings = targetSettings
    }

    /// Decodes the value read from the characteristic; bytes after the 8 are ignored (see ``GATTSensorError``).
    ///
    /// - Throws: ``GATTSensorError``: ``DropReason/empty`` or ``DropReason/truncated``.
    public init(decoding bytes: some Collection<UInt8>) throws(GATTSensorError) {
        var reader = try PayloadReader(bytes, .fitnessMachineFeature)
        machineFeatures = MachineFeatures(rawValue: try reader.uint32("fitness machine features"))
        targetSettings = TargetSettings(rawValue: try reader.uint32("target setting features"))
    }
}
