import GATTSensors
import Testing

// Layouts from the SIG XML (supported_*_range); values worked out by hand.
@Suite struct SupportedRangeTests {
    @Test func decodesEachRange() throws {
        // Speed: C8 00 = 200 → 2 km/h, 10 27 = 10 000 → 100 km/h, 0A 00 = 10 → 0.1 km/h.
        #expect(
            try SupportedRange.speedKilometersPerHour(decoding: [0xC8, 0x00, 0x10, 0x27, 0x0A, 0x00])
                == SupportedRange(minimum: 2, maximum: 100, minimumIncrement: 0.1))
        // Inclination: CE FF = −50 → −5 %, C8 00 = 200 → 20 %, 05 00 = 5 → 0.5 %.
        #expect(
            try SupportedRange.inclinationPercent(decoding: [0xCE, 0xFF, 0xC8, 0x00, 0x05, 0x00])
                == SupportedRange(minimum: -5, maximum: 20, minimumIncrement: 0.5))
        // Resistance: 0A 00 = 1.0, 64 00 = 10.0, 0A 00 = 1.0.
        #expect(
            try SupportedRange.resistanceLevel(decoding: [0x0A, 0x00, 0x64, 0x00, 0x0A, 0x00])
                == SupportedRange(minimum: 1, maximum: 10, minimumIncrement: 1))
        // Heart rate: 50, 200, 1 bpm.
        #expect(
            try SupportedRange.heartRateBeatsPerMinute(decoding: [0x32, 0xC8, 0x01])
                == SupportedRange(minimum: 50, maximum: 200, minimumIncrement: 1))
        // Power: 19 00 = 25 W, D0 07 = 2 000 W, 05 00 = 5 W.
        #expect(
            try SupportedRange.powerWatts(decoding: [0x19, 0x00, 0xD0, 0x07, 0x05, 0x00])
                == SupportedRange(minimum: 25, maximum: 2000, minimumIncrement: 5))
    }

    @Test func dropsACutShortOrUpsideDownRange() {
        #expect(
            dropReason { () throws(GATTSensorError) in
                try SupportedRange.powerWatts(decoding: [0x19, 0x00, 0xD0, 0x07])
            }
                == .truncated)
        // Minimum 2 000 W above maximum 25 W.
        #expect(
            dropReason { () throws(GATTSensorError) in
                try SupportedRange.powerWatts(decoding: [0xD0, 0x07, 0x19, 0x00, 0x05, 0x00])
            } == .invalidRange)
    }

    @Test func givesTheNearestTargetTheMachineTakes() {
        let power = SupportedRange(minimum: 25, maximum: 2000, minimumIncrement: 5)
        // 252 W is 45.4 steps of 5 W above 25 W: 45 steps = 250 W. 10 W is below the range; 2 003 W above it.
        #expect(power.nearestSupported(252) == 250)
        #expect(power.nearestSupported(10) == 25)
        #expect(power.nearestSupported(2003) == 2000)
        #expect(power.nearestSupported(.nan) == 25)
        // A maximum off the steps: 1, 1.5 … 9.5 fit, 9.8 does not; 9.8 rounds to 10, above it, so 9.5.
        let odd = SupportedRange(minimum: 1, maximum: 9.8, minimumIncrement: 0.5)
        #expect(odd.nearestSupported(9.8) == 9.5)
        // No increment: any value within the range.
        #expect(SupportedRange(minimum: 0, maximum: 10, minimumIncrement: 0).nearestSupported(3.3) == 3.3)
    }
}
