import HeartRate
import HubCore
import HubTestKit
import Testing

@Suite struct HeartRateMeasurementTests {
    @Test func decodesAnEightBitRateWithContactAndOneRRInterval() throws {
        let measurement = try HeartRateMeasurement(decoding: [0x16, 0x48, 0x55, 0x03])
        #expect(measurement == HeartRateMeasurement(beatsPerMinute: 72, contact: .contact, rrIntervals1024: [853]))
        #expect(abs(HeartRateMeasured.milliseconds(rrInterval1024: measurement.rrIntervals1024[0]) - 833.0) < 0.01)
    }

    @Test func decodesASixteenBitRateWithEnergyAndTwoRRIntervals() throws {
        let measurement = try HeartRateMeasurement(decoding: [0x1f, 0x8e, 0x00, 0x2c, 0x01, 0xb0, 0x01, 0xa8, 0x01])
        #expect(
            measurement
                == HeartRateMeasurement(
                    beatsPerMinute: 142, contact: .contact, energyExpendedKilojoules: 300, rrIntervals1024: [432, 424]))
    }

    @Test func acceptsARateOfZeroWhenTheSensorReportsNoContact() throws {
        let measurement = try HeartRateMeasurement(decoding: [0x04, 0x00])
        #expect(measurement.contact == .noContact)
        #expect(measurement.beatsPerMinute == 0)
    }

    @Test func decodesRRWithoutContactSupport() throws {
        let measurement = try HeartRateMeasurement(decoding: [0x10, 0x50, 0x00, 0x03])
        #expect(measurement == HeartRateMeasurement(beatsPerMinute: 80, contact: .notSupported, rrIntervals1024: [768]))
        #expect(measurement.rrIntervals1024.map { HeartRateMeasured.milliseconds(rrInterval1024: $0) } == [750])
    }

    @Test func ignoresReservedFlagBits() throws {
        #expect(try HeartRateMeasurement(decoding: [0xE6, 0x3c]).beatsPerMinute == 60)
    }

    @Test(
        arguments: [
            ([], HeartRateMeasurementError.empty),
            ([0x01, 0x48], .truncated(field: "heart rate")),
            ([0x00], .truncated(field: "heart rate")),
            ([0x19, 0x48], .truncated(field: "heart rate")),
            ([0x06, 0x00], .zeroHeartRate),
            ([0x06, 0x00, 0xff], .zeroHeartRate),
            ([0x07, 0xff, 0x01], .implausibleHeartRate(511)),
            // Seen from a slipping strap, with contact (0x06) and without a contact sensor (0x00): 6 and 300 bpm.
            ([0x06, 0x06], .implausibleHeartRate(6)),
            ([0x01, 0x2c, 0x01], .implausibleHeartRate(300)),
            ([0x00, 24], .implausibleHeartRate(24)),
            ([0x00, 251], .implausibleHeartRate(251)),
        ] as [([UInt8], HeartRateMeasurementError)])
    func dropsPayloadsWithoutASoundHeartRate(bytes: [UInt8], error: HeartRateMeasurementError) {
        #expect(throws: error) { try HeartRateMeasurement(decoding: bytes) }
    }

    // Each expected value below is worked out from the byte layout in TECHREF §2, not from the decoder.
    @Test(
        arguments: [
            // 0x16: 8-bit rate, contact, RR. 0x48 = 72 bpm; RR 55 03 = 0x0355 = 853; the last 01 is half an interval.
            (
                [0x16, 0x48, 0x55, 0x03, 0x01],
                HeartRateMeasurement(
                    beatsPerMinute: 72, contact: .contact, rrIntervals1024: [853], defects: [.strayRRByte])
            ),
            // 0x1e: contact, energy, RR. 0x8e = 142 bpm; 2c 01 = 300 kJ; b0 01 = 432; a8 is a stray byte.
            (
                [0x1e, 0x8e, 0x2c, 0x01, 0xb0, 0x01, 0xa8],
                HeartRateMeasurement(
                    beatsPerMinute: 142, contact: .contact, energyExpendedKilojoules: 300, rrIntervals1024: [432],
                    defects: [.strayRRByte])
            ),
            // 0x11: 16-bit rate, RR. 48 00 = 72 bpm; the RR area is the single byte 55.
            (
                [0x11, 0x48, 0x00, 0x55],
                HeartRateMeasurement(beatsPerMinute: 72, contact: .notSupported, defects: [.strayRRByte])
            ),
            // 0x06: contact, no RR, no energy. 0x48 = 72 bpm; 00 is one byte too many.
            (
                [0x06, 0x48, 0x00],
                HeartRateMeasurement(beatsPerMinute: 72, contact: .contact, defects: [.trailingBytes(1)])
            ),
            // 0x00: nothing but an 8-bit rate. 0x5a = 90 bpm; ff ff are two bytes too many.
            (
                [0x00, 0x5a, 0xff, 0xff],
                HeartRateMeasurement(beatsPerMinute: 90, contact: .notSupported, defects: [.trailingBytes(2)])
            ),
            // 0x08: energy promised. 0x48 = 72 bpm; then only 01, one of energy's two bytes.
            (
                [0x08, 0x48, 0x01],
                HeartRateMeasurement(
                    beatsPerMinute: 72, contact: .notSupported, defects: [.truncatedEnergyExpended(bytes: 1)])
            ),
            // 0x18: energy and RR promised. 0x50 = 80 bpm; 2c is half the energy, and the payload ends there.
            (
                [0x18, 0x50, 0x2c],
                HeartRateMeasurement(
                    beatsPerMinute: 80, contact: .notSupported, defects: [.truncatedEnergyExpended(bytes: 1)])
            ),
            // 0x10: RR promised. 0x48 = 72 bpm, and nothing after it.
            (
                [0x10, 0x48],
                HeartRateMeasurement(beatsPerMinute: 72, contact: .notSupported, defects: [.missingRRIntervals])
            ),
        ] as [([UInt8], HeartRateMeasurement)])
    func keepsTheHeartRateOfAPartlyBrokenPayloadAndNamesWhatWasLeftOut(
        bytes: [UInt8], expected: HeartRateMeasurement
    ) throws {
        let measurement = try HeartRateMeasurement(decoding: bytes)
        #expect(measurement == expected)
        #expect(measurement.isPartlyBroken)
    }

    @Test(arguments: [25, 250])
    func keepsTheEdgesOfThePlausibleRange(bpm: Int) throws {
        #expect(try HeartRateMeasurement(decoding: [0x06, UInt8(bpm)]).beatsPerMinute == bpm)
    }

    // 1/1024 s: 1 = 0.98 ms and 65 535 = 63,999 ms (both seen from a slipping strap), 0 (no beat at all), 255 = 249 ms
    // and 2561 = 2,501 ms just outside; 256 = 250 ms and 2560 = 2,500 ms just inside.
    @Test(
        arguments: [
            ([0x16, 0x48, 0x01, 0x00, 0x55, 0x03, 0xff, 0xff], [853], 2),
            ([0x16, 0x48, 0x00, 0x00], [], 1),
            ([0x16, 0x48, 0x55, 0x03, 0x00, 0x00, 0x01], [853], 1),
            ([0x16, 0x48, 0xff, 0x00, 0x00, 0x01, 0x00, 0x0a, 0x01, 0x0a], [256, 2560], 2),
        ] as [([UInt8], [UInt16], Int)])
    func leavesOutRRIntervalsThatAreNoBeatAndKeepsTheHeartRate(bytes: [UInt8], kept: [UInt16], leftOut: Int) throws {
        let measurement = try HeartRateMeasurement(decoding: bytes)
        #expect(measurement.beatsPerMinute == 72)
        #expect(measurement.rrIntervals1024 == kept)
        #expect(measurement.defects.contains(.implausibleRRIntervals(leftOut)), "\(measurement.defects)")
        #expect(!measurement.defects.contains(.missingRRIntervals), "RR were present, only implausible")
        #expect(measurement.rrIntervals1024.allSatisfy(HeartRateMeasured.isPlausible(rrInterval1024:)))
    }

    @Test func readingsWithoutSkinContactAreNotCheckedAsAHeartRate() throws {
        // No contact: whatever the rate field says is no heart rate, and the reading only says "lost".
        let measurement = try HeartRateMeasurement(decoding: [0x04, 0x06])
        #expect(measurement.contact == .noContact)
    }

    @Test func aWellFormedPayloadHasNoDefects() throws {
        let measurement = try HeartRateMeasurement(decoding: [0x1f, 0x8e, 0x00, 0x2c, 0x01, 0xb0, 0x01, 0xa8, 0x01])
        #expect(measurement.defects.isEmpty)
        #expect(!measurement.isPartlyBroken)
    }

    @Test func randomBytesNeverCrashAndNeverYieldAnImpossibleValue() {
        var generator = SeededRandom(seed: 0x5EED)
        var decoded = 0, partlyBroken = 0
        for _ in 0..<200_000 {
            let count = Int(generator.next() % 24)
            let bytes = (0..<count).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            guard let measurement = try? HeartRateMeasurement(decoding: bytes) else { continue }
            decoded += 1
            if measurement.isPartlyBroken { partlyBroken += 1 }
            #expect(
                HeartRateMeasured.isPlausible(beatsPerMinute: measurement.beatsPerMinute)
                    || measurement.contact == .noContact)
            #expect(
                measurement.rrIntervals1024.allSatisfy(HeartRateMeasured.isPlausible(rrInterval1024:)))
            // A reading never holds more fields than its bytes can carry: flags + rate + energy + whole intervals.
            let rateBytes = bytes[0] & 1 == 0 ? 1 : 2
            let energyBytes = measurement.energyExpendedKilojoules == nil ? 0 : 2
            #expect(1 + rateBytes + energyBytes + 2 * measurement.rrIntervals1024.count <= bytes.count)
        }
        #expect(decoded > partlyBroken, "some random payloads are well formed")
        #expect(partlyBroken > 0, "some random payloads keep their heart rate without their later fields")
    }
}
