import GATTSensors
import Testing

@Suite struct FitnessMachineFeatureTests {
    @Test func decodesBothBitFields() throws {
        // Machine 07 40 00 00 = bits 0, 1, 2 and 14; targets 0C 00 00 00 = bits 2 and 3.
        let feature = try FitnessMachineFeature(decoding: [0x07, 0x40, 0x00, 0x00, 0x0C, 0x00, 0x00, 0x00])
        #expect(feature.machineFeatures == [.averageSpeed, .cadence, .totalDistance, .powerMeasurement])
        #expect(feature.targetSettings == [.resistance, .power])
        #expect(!feature.targetSettings.contains(.inclination))
    }

    @Test func decodesTheHighestBits() throws {
        // Bit 16 of each: user data retention; targeted cadence.
        let feature = try FitnessMachineFeature(decoding: [0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x00])
        #expect(feature.machineFeatures == .userDataRetention)
        #expect(feature.targetSettings == .cadence)
    }

    @Test func decodesASmartTrainersFeaturesAndIgnoresWhatFollows() throws {
        // Machine 86 50 00 00 = 0x5086: bits 1, 2, 7, 12, 14 (cadence, distance, resistance, elapsed time, power);
        // targets 0C 20 00 00 = 0x200C: bits 2, 3, 13 (resistance, power, indoor bike simulation); a 9th byte.
        let feature = try FitnessMachineFeature(
            decoding: [0x86, 0x50, 0x00, 0x00, 0x0C, 0x20, 0x00, 0x00, 0xFF])
        #expect(feature.machineFeatures.rawValue == 0x5086)
        #expect(
            feature.machineFeatures == [.cadence, .totalDistance, .resistanceLevel, .elapsedTime, .powerMeasurement])
        #expect(feature.targetSettings == [.resistance, .power, .indoorBikeSimulation])
    }

    @Test func dropsAnEmptyValue() {
        #expect(dropReason { () throws(GATTSensorError) in try FitnessMachineFeature(decoding: []) } == .empty)
    }

    @Test func dropsACutShortValue() {
        #expect(
            dropReason { () throws(GATTSensorError) in
                try FitnessMachineFeature(decoding: [0x07, 0x40, 0x00, 0x00, 0x0C])
            } == .truncated)
    }
}
