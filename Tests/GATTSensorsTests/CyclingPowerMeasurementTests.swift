import GATTSensors
import Testing

// Every expected value is worked out by hand from the layout in TECHREF §2 (Cycling Power Measurement 0x2A63).
// Each payload starts with the 16-bit flags and the power, C8 00 = 200 W.
@Suite struct CyclingPowerMeasurementTests {
    /// All 13 flag bits: every optional field, in flag order.
    static let everything: [UInt8] = [
        0xFF, 0x1F, 0xC8, 0x00,
        0x64,  // balance 100 halves = 50 %
        0x40, 0x01,  // torque 0x0140 = 320 / 32 = 10 N·m
        0x10, 0x27, 0x00, 0x00, 0x00, 0x08,  // wheel 10 000 revolutions, 0x0800 = 2 048 ticks of 1/2048 s
        0x2C, 0x01, 0x00, 0x04,  // crank 300 revolutions, 0x0400 = 1 024 ticks
        0xF4, 0x01, 0x9C, 0xFF,  // force max 0x01F4 = 500 N, min 0xFF9C = −100 N
        0x40, 0x06, 0xE0, 0xFF,  // torque max 0x0640 = 1 600 / 32 = 50 N·m, min 0xFFE0 = −32 / 32 = −1 N·m
        0x5A, 0x40, 0x10,  // angles 0x10405A: low 12 bits 0x05A = 90°, high 12 bits 0x104 = 260°
        0x0F, 0x00,  // top dead spot 15°
        0xC3, 0x00,  // bottom dead spot 0xC3 = 195°
        0x39, 0x05,  // energy 0x0539 = 1 337 kJ
    ]

    @Test func decodesThePowerAlone() throws {
        let measurement = try CyclingPowerMeasurement(decoding: [0x00, 0x00, 0xC8, 0x00])
        #expect(measurement.instantaneousPowerWatts == 200)
        #expect(measurement.pedalPowerBalancePercent == nil)
        #expect(measurement.accumulatedTorqueNewtonMeters == nil)
        #expect(measurement.wheel == nil && measurement.crank == nil)
        #expect(measurement.maximumForceNewtons == nil && measurement.maximumTorqueNewtonMeters == nil)
        #expect(measurement.maximumAngleDegrees == nil && measurement.topDeadSpotAngleDegrees == nil)
        #expect(measurement.bottomDeadSpotAngleDegrees == nil && measurement.accumulatedEnergyKilojoules == nil)
        #expect(!measurement.offsetCompensation)
    }

    @Test func decodesEachFieldAlone() throws {
        let balance = try CyclingPowerMeasurement(decoding: [0x01, 0x00, 0xC8, 0x00, 0x64])
        #expect(balance.pedalPowerBalancePercent == 50 && balance.pedalPowerBalanceReference == .unknown)
        // Bit 1: the balance is the left pedal's.
        let left = try CyclingPowerMeasurement(decoding: [0x03, 0x00, 0xC8, 0x00, 0x65])
        #expect(left.pedalPowerBalancePercent == 50.5 && left.pedalPowerBalanceReference == .left)

        let torque = try CyclingPowerMeasurement(decoding: [0x04, 0x00, 0xC8, 0x00, 0x40, 0x01])
        #expect(torque.accumulatedTorqueNewtonMeters == 10 && torque.accumulatedTorqueSource == .wheel)
        // Bit 3: measured at the crank.
        let crankTorque = try CyclingPowerMeasurement(decoding: [0x0C, 0x00, 0xC8, 0x00, 0x40, 0x01])
        #expect(crankTorque.accumulatedTorqueSource == .crank)

        let wheel = try CyclingPowerMeasurement(
            decoding: [0x10, 0x00, 0xC8, 0x00, 0x10, 0x27, 0x00, 0x00, 0x00, 0x08])
        #expect(
            wheel.wheel
                == WheelRevolutionData(cumulativeRevolutions: 10_000, lastEventTime: 2048, ticksPerSecond: 2048))

        let crank = try CyclingPowerMeasurement(decoding: [0x20, 0x00, 0xC8, 0x00, 0x2C, 0x01, 0x00, 0x04])
        #expect(crank.crank == CrankRevolutionData(cumulativeRevolutions: 300, lastEventTime: 1024))

        let force = try CyclingPowerMeasurement(decoding: [0x40, 0x00, 0xC8, 0x00, 0xF4, 0x01, 0x9C, 0xFF])
        #expect(force.maximumForceNewtons == 500 && force.minimumForceNewtons == -100)

        let extremeTorque = try CyclingPowerMeasurement(decoding: [0x80, 0x00, 0xC8, 0x00, 0x40, 0x06, 0xE0, 0xFF])
        #expect(extremeTorque.maximumTorqueNewtonMeters == 50 && extremeTorque.minimumTorqueNewtonMeters == -1)

        let angles = try CyclingPowerMeasurement(decoding: [0x00, 0x01, 0xC8, 0x00, 0x5A, 0x40, 0x10])
        #expect(angles.maximumAngleDegrees == 90 && angles.minimumAngleDegrees == 260)

        let top = try CyclingPowerMeasurement(decoding: [0x00, 0x02, 0xC8, 0x00, 0x0F, 0x00])
        #expect(top.topDeadSpotAngleDegrees == 15)

        let bottom = try CyclingPowerMeasurement(decoding: [0x00, 0x04, 0xC8, 0x00, 0xC3, 0x00])
        #expect(bottom.bottomDeadSpotAngleDegrees == 195)

        let energy = try CyclingPowerMeasurement(decoding: [0x00, 0x08, 0xC8, 0x00, 0x39, 0x05])
        #expect(energy.accumulatedEnergyKilojoules == 1337)

        let offset = try CyclingPowerMeasurement(decoding: [0x00, 0x10, 0xC8, 0x00])
        #expect(offset.offsetCompensation)
    }

    @Test func decodesEveryFieldTogetherAtItsOffset() throws {
        let measurement = try CyclingPowerMeasurement(decoding: Self.everything)
        #expect(measurement.instantaneousPowerWatts == 200)
        #expect(measurement.pedalPowerBalancePercent == 50 && measurement.pedalPowerBalanceReference == .left)
        #expect(measurement.accumulatedTorqueNewtonMeters == 10 && measurement.accumulatedTorqueSource == .crank)
        #expect(
            measurement.wheel
                == WheelRevolutionData(cumulativeRevolutions: 10_000, lastEventTime: 2048, ticksPerSecond: 2048))
        #expect(measurement.crank == CrankRevolutionData(cumulativeRevolutions: 300, lastEventTime: 1024))
        #expect(measurement.maximumForceNewtons == 500 && measurement.minimumForceNewtons == -100)
        #expect(measurement.maximumTorqueNewtonMeters == 50 && measurement.minimumTorqueNewtonMeters == -1)
        #expect(measurement.maximumAngleDegrees == 90 && measurement.minimumAngleDegrees == 260)
        #expect(measurement.topDeadSpotAngleDegrees == 15 && measurement.bottomDeadSpotAngleDegrees == 195)
        #expect(measurement.accumulatedEnergyKilojoules == 1337)
        #expect(measurement.offsetCompensation)
    }

    @Test func ignoresBytesAfterTheLastPromisedField() throws {
        let measurement = try CyclingPowerMeasurement(decoding: Self.everything + [0xDE, 0xAD])
        #expect(measurement.accumulatedEnergyKilojoules == 1337)
    }

    @Test func dropsEveryPayloadCutShort() {
        #expect(dropReason { () throws(GATTSensorError) in try CyclingPowerMeasurement(decoding: []) } == .empty)
        for length in 1..<Self.everything.count {
            let cut = Array(Self.everything.prefix(length))
            #expect(
                dropReason { () throws(GATTSensorError) in try CyclingPowerMeasurement(decoding: cut) } == .truncated,
                "cut to \(length) bytes")
        }
    }

    @Test func holdsThePowerToTheLimits() throws {
        // FF FF = −1 W; B9 0B = 0x0BB9 = 3 001 W; B8 0B = 3 000 W.
        #expect(
            dropReason { () throws(GATTSensorError) in
                try CyclingPowerMeasurement(decoding: [0x00, 0x00, 0xFF, 0xFF])
            } == .negativePower)
        #expect(
            dropReason { () throws(GATTSensorError) in
                try CyclingPowerMeasurement(decoding: [0x00, 0x00, 0xB9, 0x0B])
            } == .powerAboveLimit)
        #expect(try CyclingPowerMeasurement(decoding: [0x00, 0x00, 0xB8, 0x0B]).instantaneousPowerWatts == 3000)
    }

    @Test func aBalanceAbove100PercentIsNotKnown() throws {
        // 0xFF halves would be 127.5 %.
        #expect(try CyclingPowerMeasurement(decoding: [0x01, 0x00, 0xC8, 0x00, 0xFF]).pedalPowerBalancePercent == nil)
    }
}
