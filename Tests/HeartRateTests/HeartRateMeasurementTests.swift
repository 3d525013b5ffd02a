import HeartRate
import Testing

@Suite struct HeartRateMeasurementTests {
    @Test func decodesAnEightBitRateWithContactAndOneRRInterval() throws {
        let measurement = try HeartRateMeasurement(decoding: [0x16, 0x48, 0x55, 0x03])
        #expect(measurement == HeartRateMeasurement(beatsPerMinute: 72, contact: .contact, rrIntervals1024: [853]))
        #expect(abs(measurement.rrIntervalsMilliseconds[0] - 833.0) < 0.01)
    }

    @Test func decodesASixteenBitRateWithEnergyAndTwoRRIntervals() throws {
        let measurement = try HeartRateMeasurement(decoding: [0x1f, 0x8e, 0x00, 0x2c, 0x01, 0xb0, 0x01, 0xa8, 0x01])
        #expect(measurement == HeartRateMeasurement(beatsPerMinute: 142, contact: .contact, energyExpendedKilojoules: 300, rrIntervals1024: [432, 424]))
    }

    @Test func acceptsARateOfZeroWhenTheSensorReportsNoContact() throws {
        let measurement = try HeartRateMeasurement(decoding: [0x04, 0x00])
        #expect(measurement.contact == .noContact)
        #expect(measurement.beatsPerMinute == 0)
    }

    @Test func decodesRRWithoutContactSupport() throws {
        let measurement = try HeartRateMeasurement(decoding: [0x10, 0x50, 0x00, 0x03])
        #expect(measurement == HeartRateMeasurement(beatsPerMinute: 80, contact: .notSupported, rrIntervals1024: [768]))
        #expect(measurement.rrIntervalsMilliseconds == [750])
    }

    @Test func ignoresReservedFlagBits() throws {
        #expect(try HeartRateMeasurement(decoding: [0xE6, 0x3c]).beatsPerMinute == 60)
    }

    @Test(arguments: [
        ([], HeartRateMeasurementError.empty),
        ([0x01, 0x48], .truncated(field: "heart rate")),
        ([0x00], .truncated(field: "heart rate")),
        ([0x08, 0x48, 0x01], .truncated(field: "energy expended")),
        ([0x10, 0x48], .truncated(field: "RR interval")),
        ([0x10, 0x48, 0x55, 0x03, 0x01], .oddRRBytes(3)),
        ([0x10, 0x48, 0x00, 0x00], .zeroRRInterval),
        ([0x06, 0x48, 0x00], .trailingBytes(1)),
        ([0x06, 0x00], .zeroHeartRate),
        ([0x07, 0xff, 0x01], .implausibleHeartRate(511)),
    ] as [([UInt8], HeartRateMeasurementError)])
    func dropsMalformedPayloads(bytes: [UInt8], error: HeartRateMeasurementError) {
        #expect(throws: error) { try HeartRateMeasurement(decoding: bytes) }
    }

    @Test func randomBytesNeverCrashAndNeverYieldAnImpossibleValue() {
        var generator = SplitMix64(seed: 0x5EED)
        var decoded = 0
        for _ in 0..<200_000 {
            let count = Int(generator.next() % 24)
            let bytes = (0..<count).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            guard let measurement = try? HeartRateMeasurement(decoding: bytes) else { continue }
            decoded += 1
            #expect((0...300).contains(measurement.beatsPerMinute))
            #expect(measurement.beatsPerMinute > 0 || measurement.contact == .noContact)
            #expect(!measurement.rrIntervals1024.contains(0))
        }
        #expect(decoded > 0, "some random payloads are well formed")
    }
}

/// A small seeded generator, so the property test is the same on every run.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
