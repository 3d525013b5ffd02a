import GATTSensors
import HubCore
import Testing

@testable import FitnessSensors

@Suite struct FitnessMachineFeatureWordsTests {
    /// Machine 0x5086 (cadence, distance, resistance, elapsed time, power), targets 0x200C (resistance, power, bike
    /// simulation): a smart trainer.
    static let trainer = FitnessMachineFeature(
        machineFeatures: .init(rawValue: 0x5086), targetSettings: .init(rawValue: 0x200C))

    @Test func aTrainerSaysWhatItMeasuresAndWhichTargetsItTakes() {
        #expect(
            Self.trainer.summary
                == "measures cadence, distance, resistance, elapsed time and power; "
                + "takes resistance, power and bike simulation targets")
    }

    @Test func aMachineWithoutTargetsSaysSo() {
        let treadmill = FitnessMachineFeature(machineFeatures: [.totalDistance], targetSettings: [])
        #expect(treadmill.summary == "measures distance; takes no targets")
        #expect(FitnessMachineFeature(machineFeatures: [], targetSettings: []).summary == "takes no targets")
    }

    @Test func eachTargetNeedsItsOwnBit() {
        #expect(Self.trainer.takes(.power(watts: 200)))
        #expect(Self.trainer.takes(.resistance(level: 5)))
        #expect(!Self.trainer.takes(.speed(metersPerSecond: 3)))
        #expect(!Self.trainer.takes(.incline(percent: 2)))
        // Bit 3 alone: power, and nothing else.
        let powerOnly = FitnessMachineFeature(machineFeatures: [], targetSettings: .init(rawValue: 1 << 3))
        #expect(powerOnly.takes(.power(watts: 150)))
        #expect(!powerOnly.takes(.resistance(level: 5)))
        // Bits 0 and 1: speed and incline, a treadmill's.
        let treadmill = FitnessMachineFeature(machineFeatures: [], targetSettings: .init(rawValue: 0b11))
        #expect(treadmill.takes(.speed(metersPerSecond: 3)) && treadmill.takes(.incline(percent: 2)))
        #expect(!treadmill.takes(.power(watts: 150)))
    }
}
