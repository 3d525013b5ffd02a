import GATTSensors
import Testing

// Expected values worked out by hand from the SIG's rower_data.xml (0x2AD1): 16-bit flags, bit 0 "More Data"
// inverted (0: stroke rate and stroke count present).
@Suite struct RowerDataTests {
    @Test func aClearMoreDataBitMeansStrokeRateAndCountArePresent() throws {
        // 3C = 60 × 0.5 = 30 strokes/min; FA 00 = 250 strokes.
        let data = try RowerData(decoding: [0x00, 0x00, 0x3C, 0xFA, 0x00])
        #expect(!data.moreData && data.strokeRatePerMinute == 30 && data.strokeCount == 250)
        let more = try RowerData(decoding: [0x01, 0x00])
        #expect(more.moreData && more.strokeRatePerMinute == nil && more.strokeCount == nil)
        // The stroke count is missing.
        #expect(dropReason { () throws(GATTSensorError) in try RowerData(decoding: [0x00, 0x00, 0x3C]) } == .truncated)
    }

    @Test func decodesEachFieldAlone() throws {
        // Bit 1: 38 = 56 × 0.5 = 28 /min. Bit 2: D0 07 00 = 2 000 m. Bits 3, 4: 78 00 = 120 s, 7D 00 = 125 s / 500 m.
        #expect(try RowerData(decoding: [0x03, 0x00, 0x38]).averageStrokeRatePerMinute == 28)
        #expect(try RowerData(decoding: [0x05, 0x00, 0xD0, 0x07, 0x00]).totalDistanceMeters == 2000)
        #expect(try RowerData(decoding: [0x09, 0x00, 0x78, 0x00]).instantaneousPacePer500Meters == .seconds(120))
        #expect(try RowerData(decoding: [0x11, 0x00, 0x7D, 0x00]).averagePacePer500Meters == .seconds(125))
        // Bits 5, 6: B4 00 = 180 W, AA 00 = 170 W. Bit 7: 05 00 = 5.
        #expect(try RowerData(decoding: [0x21, 0x00, 0xB4, 0x00]).instantaneousPowerWatts == 180)
        #expect(try RowerData(decoding: [0x41, 0x00, 0xAA, 0x00]).averagePowerWatts == 170)
        #expect(try RowerData(decoding: [0x81, 0x00, 0x05, 0x00]).resistanceLevel == 5)
        // Bit 8: 32 00 = 50 kcal, 90 01 = 400 kcal/h, 07 = 7 kcal/min.
        #expect(
            try RowerData(decoding: [0x01, 0x01, 0x32, 0x00, 0x90, 0x01, 0x07]).energy
                == FitnessMachineEnergy(totalKilocalories: 50, kilocaloriesPerHour: 400, kilocaloriesPerMinute: 7))
        // Bit 9: 82 = 130 bpm. Bit 10: 46 = 7.0 MET. Bit 11: E0 01 = 480 s. Bit 12: 3C 00 = 60 s.
        #expect(try RowerData(decoding: [0x01, 0x02, 0x82]).heartRateBeatsPerMinute == 130)
        #expect(try RowerData(decoding: [0x01, 0x04, 0x46]).metabolicEquivalent == 7)
        #expect(try RowerData(decoding: [0x01, 0x08, 0xE0, 0x01]).elapsedTime == .seconds(480))
        #expect(try RowerData(decoding: [0x01, 0x10, 0x3C, 0x00]).remainingTime == .seconds(60))
    }

    @Test func decodesEveryFieldTogetherAtItsOffset() throws {
        let data = try RowerData(decoding: [
            0xFE, 0x1F, 0x3C, 0xFA, 0x00, 0x38, 0xD0, 0x07, 0x00, 0x78, 0x00, 0x7D, 0x00, 0xB4, 0x00, 0xAA, 0x00, 0x05,
            0x00, 0x32, 0x00, 0x90, 0x01, 0x07, 0x82, 0x46, 0xE0, 0x01, 0x3C, 0x00,
        ])
        #expect(data.strokeRatePerMinute == 30 && data.strokeCount == 250 && data.averageStrokeRatePerMinute == 28)
        #expect(data.totalDistanceMeters == 2000)
        #expect(data.instantaneousPacePer500Meters == .seconds(120) && data.averagePacePer500Meters == .seconds(125))
        #expect(data.instantaneousPowerWatts == 180 && data.averagePowerWatts == 170 && data.resistanceLevel == 5)
        #expect(
            data.energy
                == FitnessMachineEnergy(totalKilocalories: 50, kilocaloriesPerHour: 400, kilocaloriesPerMinute: 7))
        #expect(data.heartRateBeatsPerMinute == 130 && data.metabolicEquivalent == 7)
        #expect(data.elapsedTime == .seconds(480) && data.remainingTime == .seconds(60))
    }

    @Test func dataNotAvailableIsNilAndLimitsHold() throws {
        // FF: no stroke rate; FF FF: no stroke count.
        let data = try RowerData(decoding: [0x00, 0x00, 0xFF, 0xFF, 0xFF])
        #expect(data.strokeRatePerMinute == nil && data.strokeCount == nil)
        // B9 0B = 3 001 W.
        #expect(
            dropReason { () throws(GATTSensorError) in try RowerData(decoding: [0x21, 0x00, 0xB9, 0x0B]) }
                == .powerAboveLimit)
    }
}
