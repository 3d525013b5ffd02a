import GATTSensors
import Testing

// Op codes and parameters from the Fitness Machine Service specification (Fitness Machine Status 0x2ADA); the
// expected values are worked out by hand.
@Suite struct FitnessMachineStatusTests {
    @Test(
        arguments: [
            ([0x01], FitnessMachineStatus.reset),
            ([0x02, 0x01], .stoppedOrPausedByUser(.stop)),
            ([0x02, 0x02], .stoppedOrPausedByUser(.pause)),
            // A first-version machine sends no parameter: a stop.
            ([0x02], .stoppedOrPausedByUser(.stop)),
            ([0x03], .stoppedBySafetyKey),
            ([0x04], .startedOrResumedByUser),
            // C4 09 = 2 500 × 0.01 = 25 km/h.
            ([0x05, 0xC4, 0x09], .targetSpeedChanged(kilometersPerHour: 25)),
            // EC FF = −20 × 0.1 = −2 %.
            ([0x06, 0xEC, 0xFF], .targetInclineChanged(percent: -2)),
            // 2D = 45 × 0.1 = 4.5.
            ([0x07, 0x2D], .targetResistanceLevelChanged(4.5)),
            // 2C 01 = 300 W.
            ([0x08, 0x2C, 0x01], .targetPowerChanged(watts: 300)),
            ([0x09, 0x8C], .targetHeartRateChanged(beatsPerMinute: 140)),
            // 10 27 00 = 10 000 m.
            ([0x0D, 0x10, 0x27, 0x00], .targetedDistanceChanged(meters: 10_000)),
            // 08 07 = 1 800 s.
            ([0x0E, 0x08, 0x07], .targetedTrainingTimeChanged(.seconds(1800))),
            // 3A 52 = 0x523A = 21 050 × 0.1 = 2 105 mm.
            ([0x13, 0x3A, 0x52], .wheelCircumferenceChanged(millimeters: 2105)),
            ([0x14, 0x02], .spinDownStatus(2)),
            // B4 00 = 180 × 0.5 = 90 rpm.
            ([0x15, 0xB4, 0x00], .targetedCadenceChanged(revolutionsPerMinute: 90)),
            ([0xFF], .controlPermissionLost),
            // Simulation parameters changed: kept as they came.
            ([0x12, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06], .other(opCode: 0x12, parameter: [1, 2, 3, 4, 5, 6])),
            // A trailing byte after a complete parameter is ignored.
            ([0x08, 0x2C, 0x01, 0x99], .targetPowerChanged(watts: 300)),
        ] as [([UInt8], FitnessMachineStatus)])
    func decodesEachStatus(bytes: [UInt8], expected: FitnessMachineStatus) throws {
        #expect(try FitnessMachineStatus(decoding: bytes) == expected)
    }

    @Test func dropsAnEmptyOrCutShortStatus() {
        #expect(dropReason { () throws(GATTSensorError) in try FitnessMachineStatus(decoding: []) } == .empty)
        #expect(
            dropReason { () throws(GATTSensorError) in try FitnessMachineStatus(decoding: [0x05, 0xC4]) } == .truncated)
    }

    @Test func saysWhatHappenedInWords() throws {
        #expect("\(try FitnessMachineStatus(decoding: [0x02, 0x02]))" == "paused on the machine")
        #expect("\(try FitnessMachineStatus(decoding: [0x08, 0x2C, 0x01]))" == "target power now 300 W")
        #expect("\(try FitnessMachineStatus(decoding: [0xFF]))" == "the hub lost control of the machine")
    }
}
