import GATTSensors
import Testing

// Every expected value is worked out by hand from the layout in TECHREF §2 (CSC Measurement 0x2A5B), not by the
// decoder.
@Suite struct CyclingSpeedCadenceMeasurementTests {
    @Test(
        arguments: [
            // 0x00: no data at all.
            ([0x00], CyclingSpeedCadenceMeasurement()),
            // 0x01: wheel only. 10 27 00 00 = 0x2710 = 10 000 revolutions; 00 04 = 0x0400 = 1 024 ticks (1 s).
            (
                [0x01, 0x10, 0x27, 0x00, 0x00, 0x00, 0x04],
                CyclingSpeedCadenceMeasurement(
                    wheel: WheelRevolutionData(cumulativeRevolutions: 10_000, lastEventTime: 1024, ticksPerSecond: 1024)
                )
            ),
            // 0x02: crank only. 2C 01 = 300 revolutions; 00 08 = 0x0800 = 2 048 ticks.
            (
                [0x02, 0x2C, 0x01, 0x00, 0x08],
                CyclingSpeedCadenceMeasurement(
                    crank: CrankRevolutionData(cumulativeRevolutions: 300, lastEventTime: 2048))
            ),
            // 0x03: both, at their extremes. Wheel FF FF FF FF = 4 294 967 295, FF FF = 65 535; crank 01 00 = 1,
            // 34 12 = 0x1234 = 4 660.
            (
                [0x03, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01, 0x00, 0x34, 0x12],
                CyclingSpeedCadenceMeasurement(
                    wheel: WheelRevolutionData(
                        cumulativeRevolutions: 4_294_967_295, lastEventTime: 65_535, ticksPerSecond: 1024),
                    crank: CrankRevolutionData(cumulativeRevolutions: 1, lastEventTime: 4660))
            ),
            // 0xFD: reserved bits 2–7 set with the wheel bit; they carry no field and are ignored.
            (
                [0xFD, 0x10, 0x27, 0x00, 0x00, 0x00, 0x04],
                CyclingSpeedCadenceMeasurement(
                    wheel: WheelRevolutionData(cumulativeRevolutions: 10_000, lastEventTime: 1024, ticksPerSecond: 1024)
                )
            ),
            // Over-long: two bytes after the crank data are ignored (a later version's field), the rest decodes.
            (
                [0x02, 0x2C, 0x01, 0x00, 0x08, 0xAA, 0xBB],
                CyclingSpeedCadenceMeasurement(
                    crank: CrankRevolutionData(cumulativeRevolutions: 300, lastEventTime: 2048))
            ),
        ] as [([UInt8], CyclingSpeedCadenceMeasurement)])
    func decodesEveryFlagCombination(bytes: [UInt8], expected: CyclingSpeedCadenceMeasurement) throws {
        #expect(try CyclingSpeedCadenceMeasurement(decoding: bytes) == expected)
    }

    @Test(
        arguments: [
            ([], DropReason.empty),
            ([0x01], .truncated),
            // The wheel event time is one byte short.
            ([0x01, 0x10, 0x27, 0x00, 0x00, 0x00], .truncated),
            ([0x02, 0x2C, 0x01, 0x00], .truncated),
            // Wheel complete, crank cut after 3 of its 4 bytes.
            ([0x03, 0x10, 0x27, 0x00, 0x00, 0x00, 0x04, 0x2C, 0x01, 0x00], .truncated),
        ] as [([UInt8], DropReason)])
    func dropsTruncatedPayloads(bytes: [UInt8], reason: DropReason) {
        #expect(
            dropReason { () throws(GATTSensorError) in try CyclingSpeedCadenceMeasurement(decoding: bytes) } == reason)
    }
}
