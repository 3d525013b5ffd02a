import GATTSensors
import Testing

// Expected values worked out by hand from the SIG's cross_trainer_data.xml (0x2ACE): **24-bit** flags, bit 0
// "More Data" inverted (0: instantaneous speed present), bit 15 movement direction.
@Suite struct CrossTrainerDataTests {
    @Test func theFlagsAreThreeBytesLong() throws {
        // B0 04 = 1 200 × 0.01 = 12 km/h, after three flag bytes (read as two, the speed would be 0xB000: 450 km/h).
        let data = try CrossTrainerData(decoding: [0x00, 0x00, 0x00, 0xB0, 0x04])
        #expect(!data.moreData && data.instantaneousSpeedKilometersPerHour == 12 && !data.movingBackward)
        #expect(
            dropReason { () throws(GATTSensorError) in try CrossTrainerData(decoding: [0x01, 0x00]) } == .truncated)
        // Reserved bit 16 (third byte) carries no field.
        #expect(try CrossTrainerData(decoding: [0x01, 0x00, 0x01]).moreData)
    }

    @Test func bit15IsTheDirection() throws {
        #expect(try CrossTrainerData(decoding: [0x01, 0x80, 0x00]).movingBackward)
    }

    @Test func decodesEachFieldAlone() throws {
        // Bit 1: 4C 04 = 1 100 → 11 km/h. Bit 2: B8 0B 00 = 3 000 m.
        #expect(try CrossTrainerData(decoding: [0x03, 0x00, 0x00, 0x4C, 0x04]).averageSpeedKilometersPerHour == 11)
        #expect(try CrossTrainerData(decoding: [0x05, 0x00, 0x00, 0xB8, 0x0B, 0x00]).totalDistanceMeters == 3000)
        // Bit 3: 78 00 = 120 steps/min, 73 00 = 115.
        let steps = try CrossTrainerData(decoding: [0x09, 0x00, 0x00, 0x78, 0x00, 0x73, 0x00])
        #expect(steps.stepsPerMinute == 120 && steps.averageStepsPerMinute == 115)
        // Bit 4: E8 03 = 1 000 × 0.1 = 100 strides.
        #expect(try CrossTrainerData(decoding: [0x11, 0x00, 0x00, 0xE8, 0x03]).strideCount == 100)
        // Bit 5: 0C 00 = 12 m up, 0A 00 = 10 m down (whole metres here).
        let elevation = try CrossTrainerData(decoding: [0x21, 0x00, 0x00, 0x0C, 0x00, 0x0A, 0x00])
        #expect(elevation.positiveElevationGainMeters == 12 && elevation.negativeElevationGainMeters == 10)
        // Bit 6: 1E 00 = 3.0 %, 0F 00 = 1.5°.
        let incline = try CrossTrainerData(decoding: [0x41, 0x00, 0x00, 0x1E, 0x00, 0x0F, 0x00])
        #expect(incline.inclinationPercent == 3 && incline.rampAngleDegrees == 1.5)
        // Bit 7: 32 00 = 50 × 0.1 = 5.0. Bits 8, 9: A0 00 = 160 W, 96 00 = 150 W.
        #expect(try CrossTrainerData(decoding: [0x81, 0x00, 0x00, 0x32, 0x00]).resistanceLevel == 5)
        #expect(try CrossTrainerData(decoding: [0x01, 0x01, 0x00, 0xA0, 0x00]).instantaneousPowerWatts == 160)
        #expect(try CrossTrainerData(decoding: [0x01, 0x02, 0x00, 0x96, 0x00]).averagePowerWatts == 150)
        // Bit 10: 78 00 = 120 kcal, 58 02 = 600 kcal/h, 0A = 10 kcal/min.
        #expect(
            try CrossTrainerData(decoding: [0x01, 0x04, 0x00, 0x78, 0x00, 0x58, 0x02, 0x0A]).energy
                == FitnessMachineEnergy(totalKilocalories: 120, kilocaloriesPerHour: 600, kilocaloriesPerMinute: 10))
        // Bit 11: 8C = 140 bpm. Bit 12: 50 = 8.0 MET. Bit 13: B0 04 = 1 200 s. Bit 14: 2C 01 = 300 s.
        #expect(try CrossTrainerData(decoding: [0x01, 0x08, 0x00, 0x8C]).heartRateBeatsPerMinute == 140)
        #expect(try CrossTrainerData(decoding: [0x01, 0x10, 0x00, 0x50]).metabolicEquivalent == 8)
        #expect(try CrossTrainerData(decoding: [0x01, 0x20, 0x00, 0xB0, 0x04]).elapsedTime == .seconds(1200))
        #expect(try CrossTrainerData(decoding: [0x01, 0x40, 0x00, 0x2C, 0x01]).remainingTime == .seconds(300))
    }

    @Test func decodesEveryFieldTogetherAtItsOffset() throws {
        // Flags 0x00FFFE: bits 1–15 (moving backward), bit 0 clear.
        let data = try CrossTrainerData(decoding: [
            0xFE, 0xFF, 0x00, 0xB0, 0x04, 0x4C, 0x04, 0xB8, 0x0B, 0x00, 0x78, 0x00, 0x73, 0x00, 0xE8, 0x03, 0x0C, 0x00,
            0x0A, 0x00, 0x1E, 0x00, 0x0F, 0x00, 0x32, 0x00, 0xA0, 0x00, 0x96, 0x00, 0x78, 0x00, 0x58, 0x02, 0x0A, 0x8C,
            0x50, 0xB0, 0x04, 0x2C, 0x01,
        ])
        #expect(data.movingBackward && !data.moreData)
        #expect(data.instantaneousSpeedKilometersPerHour == 12 && data.averageSpeedKilometersPerHour == 11)
        #expect(data.totalDistanceMeters == 3000 && data.stepsPerMinute == 120 && data.averageStepsPerMinute == 115)
        #expect(data.strideCount == 100)
        #expect(data.positiveElevationGainMeters == 12 && data.negativeElevationGainMeters == 10)
        #expect(data.inclinationPercent == 3 && data.rampAngleDegrees == 1.5 && data.resistanceLevel == 5)
        #expect(data.instantaneousPowerWatts == 160 && data.averagePowerWatts == 150)
        #expect(
            data.energy
                == FitnessMachineEnergy(totalKilocalories: 120, kilocaloriesPerHour: 600, kilocaloriesPerMinute: 10))
        #expect(data.heartRateBeatsPerMinute == 140 && data.metabolicEquivalent == 8)
        #expect(data.elapsedTime == .seconds(1200) && data.remainingTime == .seconds(300))
    }

    @Test func limitsHold() {
        // Steps FB 00 = 251 /min.
        #expect(
            dropReason { () throws(GATTSensorError) in
                try CrossTrainerData(decoding: [0x09, 0x00, 0x00, 0xFB, 0x00, 0x73, 0x00])
            } == .cadenceAboveLimit)
        // Power FF FF = −1 W.
        #expect(
            dropReason { () throws(GATTSensorError) in
                try CrossTrainerData(decoding: [0x01, 0x01, 0x00, 0xFF, 0xFF])
            } == .negativePower)
    }
}
