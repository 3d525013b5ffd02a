import GATTSensors
import Testing

// Expected values worked out by hand from TECHREF §2 (Indoor Bike Data 0x2AD2). Flags are 16-bit, little-endian;
// bit 0 "More Data" is inverted: 0 means the instantaneous speed is present.
@Suite struct IndoorBikeDataTests {
    @Test func aClearMoreDataBitMeansTheSpeedIsPresent() throws {
        // C4 09 = 0x09C4 = 2 500 × 0.01 = 25 km/h.
        let data = try IndoorBikeData(decoding: [0x00, 0x00, 0xC4, 0x09])
        #expect(!data.moreData)
        #expect(data.instantaneousSpeedKilometersPerHour == 25)
    }

    @Test func aSetMoreDataBitMeansNoSpeed() throws {
        let data = try IndoorBikeData(decoding: [0x01, 0x00])
        #expect(data.moreData)
        #expect(data.instantaneousSpeedKilometersPerHour == nil)
        // Two bytes after the flags are not read as a speed: they are extra, and ignored.
        #expect(try IndoorBikeData(decoding: [0x01, 0x00, 0xC4, 0x09]).instantaneousSpeedKilometersPerHour == nil)
    }

    @Test func aClearMoreDataBitWithoutItsSpeedIsTruncated() {
        #expect(dropReason { () throws(GATTSensorError) in try IndoorBikeData(decoding: [0x00, 0x00]) } == .truncated)
        #expect(dropReason { () throws(GATTSensorError) in try IndoorBikeData(decoding: [0x00]) } == .truncated)
        #expect(dropReason { () throws(GATTSensorError) in try IndoorBikeData(decoding: []) } == .empty)
    }

    // Each flag alone, with More Data set so that no speed comes first.
    @Test func decodesEachFieldAlone() throws {
        // Bit 1: D0 07 = 2 000 → 20 km/h.
        #expect(try IndoorBikeData(decoding: [0x03, 0x00, 0xD0, 0x07]).averageSpeedKilometersPerHour == 20)
        // Bit 2: B4 00 = 180 × 0.5 = 90 rpm.
        #expect(try IndoorBikeData(decoding: [0x05, 0x00, 0xB4, 0x00]).instantaneousCadenceRevolutionsPerMinute == 90)
        // Bit 3: A0 00 = 160 × 0.5 = 80 rpm.
        #expect(try IndoorBikeData(decoding: [0x09, 0x00, 0xA0, 0x00]).averageCadenceRevolutionsPerMinute == 80)
        // Bit 4: 40 E2 01 = 0x01E240 = 123 456 m (24-bit).
        #expect(try IndoorBikeData(decoding: [0x11, 0x00, 0x40, 0xE2, 0x01]).totalDistanceMeters == 123_456)
        // Bit 5: FB FF = −5 (signed).
        #expect(try IndoorBikeData(decoding: [0x21, 0x00, 0xFB, 0xFF]).resistanceLevel == -5)
        // Bit 6: FA 00 = 250 W.
        #expect(try IndoorBikeData(decoding: [0x41, 0x00, 0xFA, 0x00]).instantaneousPowerWatts == 250)
        // Bit 7: C8 00 = 200 W.
        #expect(try IndoorBikeData(decoding: [0x81, 0x00, 0xC8, 0x00]).averagePowerWatts == 200)
        // Bit 8: 2C 01 = 300 kcal, 58 02 = 600 kcal/h, 0A = 10 kcal/min.
        #expect(
            try IndoorBikeData(decoding: [0x01, 0x01, 0x2C, 0x01, 0x58, 0x02, 0x0A]).energy
                == FitnessMachineEnergy(totalKilocalories: 300, kilocaloriesPerHour: 600, kilocaloriesPerMinute: 10))
        // Bit 9: 8C = 140 bpm.
        #expect(try IndoorBikeData(decoding: [0x01, 0x02, 0x8C]).heartRateBeatsPerMinute == 140)
        // Bit 10: 4B = 75 × 0.1 = 7.5 MET.
        #expect(try IndoorBikeData(decoding: [0x01, 0x04, 0x4B]).metabolicEquivalent == 7.5)
        // Bit 11: 10 0E = 0x0E10 = 3 600 s.
        #expect(try IndoorBikeData(decoding: [0x01, 0x08, 0x10, 0x0E]).elapsedTime == .seconds(3600))
        // Bit 12: 2C 01 = 300 s.
        #expect(try IndoorBikeData(decoding: [0x01, 0x10, 0x2C, 0x01]).remainingTime == .seconds(300))
    }

    @Test func decodesEveryFieldTogetherAtItsOffset() throws {
        // Flags 0x1FFE: bits 1–12, and bit 0 clear, so the speed comes first.
        let data = try IndoorBikeData(decoding: [
            0xFE, 0x1F, 0xC4, 0x09, 0xD0, 0x07, 0xB4, 0x00, 0xA0, 0x00, 0x40, 0xE2, 0x01, 0xFB, 0xFF, 0xFA, 0x00,
            0xC8, 0x00, 0x2C, 0x01, 0x58, 0x02, 0x0A, 0x8C, 0x4B, 0x10, 0x0E, 0x2C, 0x01,
        ])
        #expect(!data.moreData)
        #expect(data.instantaneousSpeedKilometersPerHour == 25 && data.averageSpeedKilometersPerHour == 20)
        #expect(data.instantaneousCadenceRevolutionsPerMinute == 90 && data.averageCadenceRevolutionsPerMinute == 80)
        #expect(data.totalDistanceMeters == 123_456 && data.resistanceLevel == -5)
        #expect(data.instantaneousPowerWatts == 250 && data.averagePowerWatts == 200)
        #expect(
            data.energy
                == FitnessMachineEnergy(totalKilocalories: 300, kilocaloriesPerHour: 600, kilocaloriesPerMinute: 10))
        #expect(data.heartRateBeatsPerMinute == 140 && data.metabolicEquivalent == 7.5)
        #expect(data.elapsedTime == .seconds(3600) && data.remainingTime == .seconds(300))
    }

    @Test func dataNotAvailableIsNil() throws {
        #expect(try IndoorBikeData(decoding: [0x00, 0x00, 0xFF, 0xFF]).instantaneousSpeedKilometersPerHour == nil)
        #expect(try IndoorBikeData(decoding: [0x41, 0x00, 0xFF, 0x7F]).instantaneousPowerWatts == nil)
        #expect(try IndoorBikeData(decoding: [0x11, 0x00, 0xFF, 0xFF, 0xFF]).totalDistanceMeters == nil)
        #expect(
            try IndoorBikeData(decoding: [0x01, 0x01, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]).energy == FitnessMachineEnergy())
        // A heart rate of 0 is a machine with no hand on its grips.
        #expect(try IndoorBikeData(decoding: [0x01, 0x02, 0x00]).heartRateBeatsPerMinute == nil)
        #expect(try IndoorBikeData(decoding: [0x01, 0x04, 0xFF]).metabolicEquivalent == nil)
        #expect(try IndoorBikeData(decoding: [0x01, 0x08, 0xFF, 0xFF]).elapsedTime == nil)
    }

    @Test(
        arguments: [
            // 11 27 = 0x2711 = 10 001 → 100.01 km/h.
            ([0x00, 0x00, 0x11, 0x27], DropReason.speedAboveLimit),
            ([0x03, 0x00, 0x11, 0x27], .speedAboveLimit),
            // F6 01 = 0x01F6 = 502 × 0.5 = 251 rpm.
            ([0x05, 0x00, 0xF6, 0x01], .cadenceAboveLimit),
            ([0x09, 0x00, 0xF6, 0x01], .cadenceAboveLimit),
            // B9 0B = 3 001 W; FF FF = −1 W.
            ([0x41, 0x00, 0xB9, 0x0B], .powerAboveLimit),
            ([0x81, 0x00, 0xFF, 0xFF], .negativePower),
            // Energy promised, cut after total and per hour.
            ([0x01, 0x01, 0x2C, 0x01, 0x58, 0x02], .truncated),
        ] as [([UInt8], DropReason)])
    func dropsImplausibleOrTruncatedPayloads(bytes: [UInt8], reason: DropReason) {
        #expect(dropReason { () throws(GATTSensorError) in try IndoorBikeData(decoding: bytes) } == reason)
    }

    @Test func keepsValuesAtTheLimits() throws {
        // 10 27 = 10 000 → 100 km/h; F4 01 = 500 × 0.5 = 250 rpm; B8 0B = 3 000 W.
        let data = try IndoorBikeData(decoding: [0x44, 0x00, 0x10, 0x27, 0xF4, 0x01, 0xB8, 0x0B])
        #expect(data.instantaneousSpeedKilometersPerHour == 100)
        #expect(data.instantaneousCadenceRevolutionsPerMinute == 250)
        #expect(data.instantaneousPowerWatts == 3000)
    }
}
