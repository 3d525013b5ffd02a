import GATTSensors
import Testing

// Op codes and parameters from TECHREF §2 and the Fitness Machine Service specification; bytes worked out by hand.
@Suite struct FitnessMachineControlPointTests {
    @Test(
        arguments: [
            (FitnessMachineControlPointRequest.requestControl, [0x00]),
            (.reset, [0x01]),
            // 25.5 km/h = 2 550 = 0x09F6.
            (.setTargetSpeed(kilometersPerHour: 25.5), [0x02, 0xF6, 0x09]),
            // −1.5 % = −15 = 0xFFF1.
            (.setTargetInclination(percent: -1.5), [0x03, 0xF1, 0xFF]),
            // 4.5 = 45 = 0x2D.
            (.setTargetResistanceLevel(4.5), [0x04, 0x2D]),
            // 250 W = 0x00FA.
            (.setTargetPower(watts: 250), [0x05, 0xFA, 0x00]),
            (.startOrResume, [0x07]),
            (.stopOrPause(.stop), [0x08, 0x01]),
            (.stopOrPause(.pause), [0x08, 0x02]),
        ] as [(FitnessMachineControlPointRequest, [UInt8])])
    func encodesEachRequest(request: FitnessMachineControlPointRequest, bytes: [UInt8]) throws {
        #expect(try request.encoded() == bytes)
    }

    @Test(
        arguments: [
            FitnessMachineControlPointRequest.setTargetSpeed(kilometersPerHour: -1),
            .setTargetSpeed(kilometersPerHour: 700),
            .setTargetInclination(percent: .nan),
            .setTargetInclination(percent: 4000),
            .setTargetResistanceLevel(26),
            .setTargetPower(watts: 40_000),
        ])
    func refusesATargetItsFieldCannotCarry(request: FitnessMachineControlPointRequest) {
        #expect(dropReason { () throws(GATTSensorError) in try request.encoded() } == .targetOutOfRange)
    }

    @Test(
        arguments: [
            ([0x80, 0x00, 0x01], 0x00, FitnessMachineControlPointResponse.Result.success),
            ([0x80, 0x07, 0x02], 0x07, .notSupported),
            ([0x80, 0x02, 0x03], 0x02, .invalidParameter),
            ([0x80, 0x01, 0x04], 0x01, .operationFailed),
            ([0x80, 0x05, 0x05], 0x05, .controlNotPermitted),
            ([0x80, 0x08, 0x09], 0x08, .unknown(9)),
        ] as [([UInt8], UInt8, FitnessMachineControlPointResponse.Result)])
    func decodesEachResult(bytes: [UInt8], requestOpCode: UInt8, result: FitnessMachineControlPointResponse.Result)
        throws
    {
        let response = try FitnessMachineControlPointResponse(decoding: bytes)
        #expect(response.requestOpCode == requestOpCode)
        #expect(response.result == result)
        #expect(response.succeeded == (result == .success))
    }

    @Test func saysTheAnswerInPlainWords() throws {
        #expect(
            "\(try FitnessMachineControlPointResponse(decoding: [0x80, 0x05, 0x05]))"
                == "the trainer refused to set the target power: control not permitted")
        #expect(
            "\(try FitnessMachineControlPointResponse(decoding: [0x80, 0x00, 0x01]))"
                == "the trainer agreed to take control")
        #expect(
            "\(try FitnessMachineControlPointResponse(decoding: [0x80, 0x03, 0x03]))"
                == "the trainer refused to set the target incline: invalid parameter")
    }

    @Test func keepsAParameterAfterTheResult() throws {
        // A spin-down answer carries its target speeds: kept undecoded.
        #expect(
            try FitnessMachineControlPointResponse(decoding: [0x80, 0x13, 0x01, 0xAA, 0xBB]).parameter == [0xAA, 0xBB])
    }

    @Test func dropsWhatIsNoResponse() {
        #expect(
            dropReason { () throws(GATTSensorError) in
                try FitnessMachineControlPointResponse(decoding: [0x05, 0xFA, 0x00])
            }
                == .notAResponse)
        #expect(
            dropReason { () throws(GATTSensorError) in try FitnessMachineControlPointResponse(decoding: [0x80, 0x05]) }
                == .truncated)
        #expect(
            dropReason { () throws(GATTSensorError) in try FitnessMachineControlPointResponse(decoding: []) } == .empty)
    }
}
