import GATTSensors
import Testing

// Expected values worked out by hand from the SIG's treadmill_data.xml (0x2ACD): 16-bit flags, bit 0 "More Data"
// inverted (0: instantaneous speed present).
@Suite struct TreadmillDataTests {
    @Test func aClearMoreDataBitMeansTheSpeedIsPresent() throws {
        // E8 03 = 1 000 × 0.01 = 10 km/h.
        #expect(try TreadmillData(decoding: [0x00, 0x00, 0xE8, 0x03]).instantaneousSpeedKilometersPerHour == 10)
        let more = try TreadmillData(decoding: [0x01, 0x00])
        #expect(more.moreData && more.instantaneousSpeedKilometersPerHour == nil)
        #expect(
            dropReason { () throws(GATTSensorError) in try TreadmillData(decoding: [0x00, 0x00, 0xE8]) } == .truncated)
    }

    // Each flag alone, with More Data set.
    @Test func decodesEachFieldAlone() throws {
        // Bit 1: 84 03 = 900 → 9 km/h.
        #expect(try TreadmillData(decoding: [0x03, 0x00, 0x84, 0x03]).averageSpeedKilometersPerHour == 9)
        // Bit 2: 88 13 00 = 5 000 m.
        #expect(try TreadmillData(decoding: [0x05, 0x00, 0x88, 0x13, 0x00]).totalDistanceMeters == 5000)
        // Bit 3: 14 00 = 20 × 0.1 = 2 %; F6 FF = −10 × 0.1 = −1°.
        let incline = try TreadmillData(decoding: [0x09, 0x00, 0x14, 0x00, 0xF6, 0xFF])
        #expect(incline.inclinationPercent == 2 && incline.rampAngleDegrees == -1)
        // Bit 4: 64 00 = 100 × 0.1 = 10 m up; 32 00 = 5 m down.
        let elevation = try TreadmillData(decoding: [0x11, 0x00, 0x64, 0x00, 0x32, 0x00])
        #expect(elevation.positiveElevationGainMeters == 10 && elevation.negativeElevationGainMeters == 5)
        // Bit 5: 0A = 1.0 km/min; bit 6: 09 = 0.9 km/min.
        #expect(try TreadmillData(decoding: [0x21, 0x00, 0x0A]).instantaneousPaceKilometersPerMinute == 1)
        #expect(try TreadmillData(decoding: [0x41, 0x00, 0x09]).averagePaceKilometersPerMinute == 0.9)
        // Bit 7: 64 00 = 100 kcal, F4 01 = 500 kcal/h, 08 = 8 kcal/min.
        #expect(
            try TreadmillData(decoding: [0x81, 0x00, 0x64, 0x00, 0xF4, 0x01, 0x08]).energy
                == FitnessMachineEnergy(totalKilocalories: 100, kilocaloriesPerHour: 500, kilocaloriesPerMinute: 8))
        // Bit 8: 96 = 150 bpm; bit 9: 5A = 9.0 MET; bit 10: 08 07 = 1 800 s; bit 11: 58 02 = 600 s.
        #expect(try TreadmillData(decoding: [0x01, 0x01, 0x96]).heartRateBeatsPerMinute == 150)
        #expect(try TreadmillData(decoding: [0x01, 0x02, 0x5A]).metabolicEquivalent == 9)
        #expect(try TreadmillData(decoding: [0x01, 0x04, 0x08, 0x07]).elapsedTime == .seconds(1800))
        #expect(try TreadmillData(decoding: [0x01, 0x08, 0x58, 0x02]).remainingTime == .seconds(600))
        // Bit 12: 32 00 = 50 N on the belt, 96 00 = 150 W.
        let force = try TreadmillData(decoding: [0x01, 0x10, 0x32, 0x00, 0x96, 0x00])
        #expect(force.forceOnBeltNewtons == 50 && force.powerOutputWatts == 150)
    }

    @Test func decodesEveryFieldTogetherAtItsOffset() throws {
        let data = try TreadmillData(decoding: [
            0xFE, 0x1F, 0xE8, 0x03, 0x84, 0x03, 0x88, 0x13, 0x00, 0x14, 0x00, 0xF6, 0xFF, 0x64, 0x00, 0x32, 0x00, 0x0A,
            0x09, 0x64, 0x00, 0xF4, 0x01, 0x08, 0x96, 0x5A, 0x08, 0x07, 0x58, 0x02, 0x32, 0x00, 0x96, 0x00,
        ])
        #expect(data.instantaneousSpeedKilometersPerHour == 10 && data.averageSpeedKilometersPerHour == 9)
        #expect(data.totalDistanceMeters == 5000)
        #expect(data.inclinationPercent == 2 && data.rampAngleDegrees == -1)
        #expect(data.positiveElevationGainMeters == 10 && data.negativeElevationGainMeters == 5)
        #expect(data.instantaneousPaceKilometersPerMinute == 1 && data.averagePaceKilometersPerMinute == 0.9)
        #expect(
            data.energy
                == FitnessMachineEnergy(totalKilocalories: 100, kilocaloriesPerHour: 500, kilocaloriesPerMinute: 8))
        #expect(data.heartRateBeatsPerMinute == 150 && data.metabolicEquivalent == 9)
        #expect(data.elapsedTime == .seconds(1800) && data.remainingTime == .seconds(600))
        #expect(data.forceOnBeltNewtons == 50 && data.powerOutputWatts == 150)
    }

    @Test func dataNotAvailableIsNilAndLimitsHold() throws {
        // 7F FF… inclination 0x7FFF is not available; the ramp angle FF 7F too.
        let incline = try TreadmillData(decoding: [0x09, 0x00, 0xFF, 0x7F, 0xFF, 0x7F])
        #expect(incline.inclinationPercent == nil && incline.rampAngleDegrees == nil)
        // Power output FF FF = −1 W.
        #expect(
            dropReason { () throws(GATTSensorError) in
                try TreadmillData(decoding: [0x01, 0x10, 0x32, 0x00, 0xFF, 0xFF])
            } == .negativePower)
        // 11 27 = 100.01 km/h.
        #expect(
            dropReason { () throws(GATTSensorError) in try TreadmillData(decoding: [0x00, 0x00, 0x11, 0x27]) }
                == .speedAboveLimit)
    }
}
