import GATTSensors
import HubCore

// What a machine's Fitness Machine Feature says, in the words a person reads, and which targets it lets through.
extension FitnessMachineFeature {
    /// Whether the machine says it takes targets of `target`'s kind: Power, Resistance, Speed or Inclination
    /// Target Setting Supported.
    func takes(_ target: MachineTarget.Target) -> Bool {
        targetSettings.contains(Self.setting(for: target))
    }

    /// The target setting bit a target needs.
    static func setting(for target: MachineTarget.Target) -> TargetSettings {
        switch target {
        case .power: .power
        case .resistance: .resistance
        case .speed: .speed
        case .incline: .inclination
        }
    }

    /// "measures cadence, distance, resistance and power; takes power and resistance targets": for the status
    /// detail of a connected machine (`stayfit devices test`, the console) and the log.
    var summary: String {
        let measured = Self.measuredWords.filter { machineFeatures.contains($0.0) }.map(\.1)
        let targets = Self.targetWords.filter { targetSettings.contains($0.0) }.map(\.1)
        let measures = measured.isEmpty ? nil : "measures " + Self.list(measured)
        let takes = targets.isEmpty ? "takes no targets" : "takes " + Self.list(targets) + " targets"
        return [measures, takes].compactMap { $0 }.joined(separator: "; ")
    }

    /// "a, b and c".
    static func list(_ words: [String]) -> String {
        guard let last = words.last else { return "" }
        return words.count == 1 ? last : words.dropLast().joined(separator: ", ") + " and " + last
    }

    // Speed itself is in every machine's data and has no bit; user data retention is no measurement. The spec's
    // order.
    private static let measuredWords: [(MachineFeatures, String)] = [
        (.averageSpeed, "average speed"), (.cadence, "cadence"), (.totalDistance, "distance"),
        (.inclination, "incline"), (.elevationGain, "elevation gain"), (.pace, "pace"), (.stepCount, "steps"),
        (.resistanceLevel, "resistance"), (.strideCount, "strides"), (.expendedEnergy, "energy"),
        (.heartRate, "heart rate"), (.metabolicEquivalent, "METs"), (.elapsedTime, "elapsed time"),
        (.remainingTime, "remaining time"), (.powerMeasurement, "power"),
        (.forceOnBeltAndPowerOutput, "force on the belt"),
    ]

    // The hub sets the first four; the rest are named so that what a machine offers is all said.
    private static let targetWords: [(TargetSettings, String)] = [
        (.speed, "speed"), (.inclination, "incline"), (.resistance, "resistance"), (.power, "power"),
        (.heartRate, "heart rate"), (.expendedEnergy, "energy"), (.stepNumber, "steps"),
        (.strideNumber, "strides"), (.distance, "distance"), (.trainingTime, "training time"),
        (.timeInTwoHeartRateZones, "2-zone heart-rate"), (.timeInThreeHeartRateZones, "3-zone heart-rate"),
        (.timeInFiveHeartRateZones, "5-zone heart-rate"), (.indoorBikeSimulation, "bike simulation"),
        (.wheelCircumference, "wheel size"), (.spinDownControl, "spin-down"), (.cadence, "cadence"),
    ]
}

extension MachineTarget.Target {
    /// "a power", "an incline": what a machine that cannot take this target cannot be set to.
    var kindWords: String {
        switch self {
        case .power: "a power"
        case .resistance: "a resistance"
        case .speed: "a speed"
        case .incline: "an incline"
        }
    }
}
