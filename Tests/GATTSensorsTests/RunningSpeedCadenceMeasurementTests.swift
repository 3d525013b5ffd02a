import GATTSensors
import Testing

// Every expected value is worked out by hand from the layout in TECHREF §2 (RSC Measurement 0x2A53). The common
// part: speed 80 03 = 0x0380 = 896 / 256 = 3.5 m/s, cadence B4 = 180 steps/min; stride 8C 00 = 140 / 100 = 1.4 m;
// total distance 39 30 00 00 = 0x3039 = 12 345 / 10 = 1 234.5 m.
@Suite struct RunningSpeedCadenceMeasurementTests {
    @Test(
        arguments: [
            ([0x00, 0x80, 0x03, 0xB4], nil, nil, false),
            ([0x01, 0x80, 0x03, 0xB4, 0x8C, 0x00], 1.4, nil, false),
            ([0x02, 0x80, 0x03, 0xB4, 0x39, 0x30, 0x00, 0x00], nil, 1234.5, false),
            ([0x03, 0x80, 0x03, 0xB4, 0x8C, 0x00, 0x39, 0x30, 0x00, 0x00], 1.4, 1234.5, false),
            ([0x04, 0x80, 0x03, 0xB4], nil, nil, true),
            ([0x05, 0x80, 0x03, 0xB4, 0x8C, 0x00], 1.4, nil, true),
            ([0x06, 0x80, 0x03, 0xB4, 0x39, 0x30, 0x00, 0x00], nil, 1234.5, true),
            ([0x07, 0x80, 0x03, 0xB4, 0x8C, 0x00, 0x39, 0x30, 0x00, 0x00], 1.4, 1234.5, true),
            // Reserved bits 3–7 carry no field; a trailing byte is ignored.
            ([0xFB, 0x80, 0x03, 0xB4, 0x8C, 0x00, 0x39, 0x30, 0x00, 0x00, 0x77], 1.4, 1234.5, false),
        ] as [([UInt8], Double?, Double?, Bool)])
    func decodesEveryFlagCombination(bytes: [UInt8], stride: Double?, distance: Double?, running: Bool) throws {
        let measurement = try RunningSpeedCadenceMeasurement(decoding: bytes)
        #expect(
            measurement
                == RunningSpeedCadenceMeasurement(
                    speedMetersPerSecond: 3.5, cadenceStepsPerMinute: 180, strideLengthMeters: stride,
                    totalDistanceMeters: distance, isRunning: running))
    }

    @Test(
        arguments: [
            ([], DropReason.empty),
            ([0x00, 0x80, 0x03], .truncated),
            ([0x01, 0x80, 0x03, 0xB4, 0x8C], .truncated),
            ([0x03, 0x80, 0x03, 0xB4, 0x8C, 0x00, 0x39, 0x30, 0x00], .truncated),
            // 00 1C = 0x1C00 = 7 168 / 256 = 28 m/s = 100.8 km/h.
            ([0x00, 0x00, 0x1C, 0xB4], .speedAboveLimit),
            // FB = 251 steps/min.
            ([0x00, 0x80, 0x03, 0xFB], .cadenceAboveLimit),
        ] as [([UInt8], DropReason)])
    func dropsBrokenOrImplausiblePayloads(bytes: [UInt8], reason: DropReason) {
        #expect(
            dropReason { () throws(GATTSensorError) in try RunningSpeedCadenceMeasurement(decoding: bytes) } == reason)
    }

    @Test func keepsASpeedJustUnderTheLimit() throws {
        // C7 1B = 0x1BC7 = 7 111 / 256 = 27.777 m/s = 99.998 km/h; FA = 250 steps/min.
        let measurement = try RunningSpeedCadenceMeasurement(decoding: [0x00, 0xC7, 0x1B, 0xFA])
        #expect(isClose(measurement.speedMetersPerSecond, 7111.0 / 256))
        #expect(measurement.cadenceStepsPerMinute == 250)
    }
}
