import GATTSensors
import Testing

/// Wheel-only and crank-only measurements, written out as the counters a sensor sends.
private func wheel(_ revolutions: UInt32, _ eventTime: UInt16) -> CyclingSpeedCadenceMeasurement {
    CyclingSpeedCadenceMeasurement(
        wheel: WheelRevolutionData(cumulativeRevolutions: revolutions, lastEventTime: eventTime, ticksPerSecond: 1024))
}

private func crank(_ revolutions: UInt16, _ eventTime: UInt16) -> CyclingSpeedCadenceMeasurement {
    CyclingSpeedCadenceMeasurement(
        crank: CrankRevolutionData(cumulativeRevolutions: revolutions, lastEventTime: eventTime))
}

// The default wheel is 2 105 mm = 2.105 m. Expected values are worked out by hand in the comments.
@Suite struct CyclingSpeedCadenceCalculatorTests {
    @Test func theFirstMeasurementGivesNoSpeedAndTheSecondDoes() throws {
        var calculator = CyclingSpeedCadenceCalculator()
        let first = try calculator.add(wheel(1000, 0), at: .zero)
        #expect(first.speedMetersPerSecond == nil)
        #expect(first.distanceMeters == 0)
        // 4 revolutions in 2 048 ticks = 2 s: 2 rev/s × 2.105 m = 4.21 m/s; 4 × 2.105 = 8.42 m.
        let second = try calculator.add(wheel(1004, 2048), at: .seconds(2))
        #expect(isClose(second.speedMetersPerSecond, 4.21))
        #expect(isClose(second.distanceMeters, 8.42))
        #expect(second.cadenceRevolutionsPerMinute == nil)
    }

    @Test func aRepeatedEventTimeKeepsTheSpeedUntilTheStopTimeoutThenGivesZero() throws {
        var calculator = CyclingSpeedCadenceCalculator(stopTimeout: .seconds(3))
        _ = try calculator.add(wheel(1000, 0), at: .zero)
        _ = try calculator.add(wheel(1004, 2048), at: .seconds(2))
        // Same counters 1 s and 2.9 s later: no new revolution, less than 3 s since the last one.
        #expect(isClose(try calculator.add(wheel(1004, 2048), at: .seconds(3)).speedMetersPerSecond, 4.21))
        #expect(isClose(try calculator.add(wheel(1004, 2048), at: .milliseconds(4900)).speedMetersPerSecond, 4.21))
        // 3 s after the last revolution (at 2 s): standing.
        let stopped = try calculator.add(wheel(1004, 2048), at: .seconds(5))
        #expect(stopped.speedMetersPerSecond == 0)
        #expect(isClose(stopped.distanceMeters, 8.42))
        // Moving again 1 s later: 1 revolution in 1 024 ticks = 2.105 m/s; distance 8.42 + 2.105 = 10.525 m.
        let moving = try calculator.add(wheel(1005, 3072), at: .seconds(6))
        #expect(isClose(moving.speedMetersPerSecond, 2.105))
        #expect(isClose(moving.distanceMeters, 10.525))
    }

    @Test func theCadenceStopsAfterTheTimeoutToo() throws {
        var calculator = CyclingSpeedCadenceCalculator(stopTimeout: .seconds(3))
        _ = try calculator.add(crank(10, 0), at: .zero)
        // 2 revolutions in 1 024 ticks = 1 s: 2 rev/s = 120 rpm.
        #expect(isClose(try calculator.add(crank(12, 1024), at: .seconds(1)).cadenceRevolutionsPerMinute, 120))
        #expect(isClose(try calculator.add(crank(12, 1024), at: .seconds(2)).cadenceRevolutionsPerMinute, 120))
        #expect(try calculator.add(crank(12, 1024), at: .seconds(4)).cadenceRevolutionsPerMinute == 0)
    }

    @Test func theWheelCounterAndItsEventTimeWrapAround() throws {
        var calculator = CyclingSpeedCadenceCalculator()
        // 0xFFFF_FFFE → 0x0000_0002 is 4 revolutions; 0xFC00 (64 512) → 0x0400 (1 024) is 1 024 + 65 536 − 64 512
        // = 2 048 ticks = 2 s. 4 × 2.105 / 2 = 4.21 m/s, 8.42 m.
        _ = try calculator.add(wheel(0xFFFF_FFFE, 0xFC00), at: .zero)
        let wrapped = try calculator.add(wheel(0x0000_0002, 0x0400), at: .seconds(2))
        #expect(isClose(wrapped.speedMetersPerSecond, 4.21))
        #expect(isClose(wrapped.distanceMeters, 8.42))
    }

    @Test func theCrankCounterAndItsEventTimeWrapAround() throws {
        var calculator = CyclingSpeedCadenceCalculator()
        // 0xFFFF → 0x0001 is 2 revolutions; 0xFE00 (65 024) → 0x0200 (512) is 512 + 65 536 − 65 024 = 1 024 ticks
        // = 1 s. 2 rev/s = 120 rpm.
        _ = try calculator.add(crank(0xFFFF, 0xFE00), at: .zero)
        #expect(isClose(try calculator.add(crank(0x0001, 0x0200), at: .seconds(1)).cadenceRevolutionsPerMinute, 120))
    }

    @Test func theCyclingPowerWheelTimeIsIn2048thsOfASecondAndWraps() throws {
        var calculator = CyclingSpeedCadenceCalculator()
        // Flags 0x0010 (wheel data), 200 W (C8 00), revolutions 0x64 = 100 then 0x68 = 104, event time 0xF800
        // (63 488) then 0x0800 (2 048): 2 048 + 65 536 − 63 488 = 4 096 ticks of 1/2048 s = 2 s (it would be 4 s
        // in CSC's 1/1024 s). 4 revolutions in 2 s: 4.21 m/s.
        let first = try CyclingPowerMeasurement(decoding: [0x10, 0x00, 0xC8, 0x00, 0x64, 0x00, 0x00, 0x00, 0x00, 0xF8])
        let second = try CyclingPowerMeasurement(decoding: [0x10, 0x00, 0xC8, 0x00, 0x68, 0x00, 0x00, 0x00, 0x00, 0x08])
        _ = try calculator.add(first, at: .zero)
        let reading = try calculator.add(second, at: .seconds(2))
        #expect(isClose(reading.speedMetersPerSecond, 4.21))
        #expect(isClose(reading.distanceMeters, 8.42))
    }

    @Test func theCyclingPowerCrankGivesCadence() throws {
        var calculator = CyclingSpeedCadenceCalculator()
        // Flags 0x0020 (crank data), 200 W; crank 0x0A = 10 at 0x0000, then 0x0C = 12 at 0x0300 (768 ticks =
        // 0.75 s): 2 / 0.75 rev/s × 60 = 160 rpm.
        _ = try calculator.add(
            try CyclingPowerMeasurement(decoding: [0x20, 0x00, 0xC8, 0x00, 0x0A, 0x00, 0x00, 0x00]), at: .zero)
        let reading = try calculator.add(
            try CyclingPowerMeasurement(decoding: [0x20, 0x00, 0xC8, 0x00, 0x0C, 0x00, 0x00, 0x03]),
            at: .milliseconds(750))
        #expect(isClose(reading.cadenceRevolutionsPerMinute, 160))
        #expect(reading.speedMetersPerSecond == nil)
        #expect(reading.distanceMeters == nil)
    }

    @Test func aSensorThatRestartsCostsOneSampleAndTheDistanceNeverGoesBack() throws {
        var calculator = CyclingSpeedCadenceCalculator()
        _ = try calculator.add(wheel(5000, 1024), at: .zero)
        // 2 revolutions in 1 s: 4.21 m/s, 4.21 m.
        #expect(isClose(try calculator.add(wheel(5002, 2048), at: .seconds(1)).distanceMeters, 4.21))
        // The sensor restarted: its counter is back at 3.
        #expect(
            dropReason { () throws(GATTSensorError) in try calculator.add(wheel(3, 100), at: .seconds(2)) }
                == .counterReset)
        // Measured from the restart: 2 revolutions in 1 024 ticks = 4.21 m/s; distance 4.21 + 4.21 = 8.42 m.
        let after = try calculator.add(wheel(5, 1124), at: .seconds(3))
        #expect(isClose(after.speedMetersPerSecond, 4.21))
        #expect(isClose(after.distanceMeters, 8.42))
    }

    @Test func aCrankCounterThatRestartsIsACounterReset() throws {
        var calculator = CyclingSpeedCadenceCalculator()
        _ = try calculator.add(crank(5000, 1024), at: .zero)
        // 5000 → 3 is 3 − 5000 + 65 536 = 60 539 revolutions in (100 − 1024 + 65 536) ticks: far above 250 rpm,
        // and lower than before: a restart.
        #expect(
            dropReason { () throws(GATTSensorError) in try calculator.add(crank(3, 100), at: .seconds(1)) }
                == .counterReset)
        // 2 revolutions in 512 ticks = 0.5 s: 240 rpm.
        #expect(isClose(try calculator.add(crank(5, 612), at: .seconds(2)).cadenceRevolutionsPerMinute, 240))
    }

    @Test func aSpeedAboveTheLimitIsDroppedAndAddsNoDistance() throws {
        var calculator = CyclingSpeedCadenceCalculator()
        _ = try calculator.add(wheel(0, 0), at: .zero)
        // 14 revolutions in 1 s = 29.47 m/s = 106.1 km/h > 100 km/h.
        #expect(
            dropReason { () throws(GATTSensorError) in try calculator.add(wheel(14, 1024), at: .seconds(1)) }
                == .speedAboveLimit)
        // 13 revolutions in the next second = 27.365 m/s = 98.5 km/h: kept; distance 13 × 2.105 = 27.365 m.
        let kept = try calculator.add(wheel(27, 2048), at: .seconds(2))
        #expect(isClose(kept.speedMetersPerSecond, 27.365))
        #expect(isClose(kept.distanceMeters, 27.365))
    }

    @Test func aCounterJumpTheHubTimeCannotHoldIsDroppedThoughItsEventTimesLookPlausible() throws {
        var calculator = CyclingSpeedCadenceCalculator()
        _ = try calculator.add(wheel(0, 0), at: .zero)
        // 700 revolutions in 60 000 ticks (58.6 s) is 11.9 rev/s = 25 m/s by the event times, but only 1 s of hub
        // time passed: at most (1 + 1 s of radio latency) × 13.2 rev/s = 26.4 revolutions.
        #expect(
            dropReason { () throws(GATTSensorError) in try calculator.add(wheel(700, 60000), at: .seconds(1)) }
                == .speedAboveLimit)
        // Measured from the dropped sample: 2 revolutions in 1 s, and no distance from the jump: 4.21 m.
        let next = try calculator.add(wheel(702, 61024), at: .seconds(2))
        #expect(isClose(next.speedMetersPerSecond, 4.21))
        #expect(isClose(next.distanceMeters, 4.21))
    }

    @Test func aCadenceAboveTheLimitIsDropped() throws {
        var calculator = CyclingSpeedCadenceCalculator()
        _ = try calculator.add(crank(0, 0), at: .zero)
        // 5 revolutions in 1 s = 300 rpm > 250 rpm.
        #expect(
            dropReason { () throws(GATTSensorError) in try calculator.add(crank(5, 1024), at: .seconds(1)) }
                == .cadenceAboveLimit)
        // 4 in the next second = 240 rpm.
        #expect(isClose(try calculator.add(crank(9, 2048), at: .seconds(2)).cadenceRevolutionsPerMinute, 240))
    }

    @Test func newRevolutionsWithTheSameEventTimeAreDropped() throws {
        var calculator = CyclingSpeedCadenceCalculator()
        _ = try calculator.add(wheel(0, 100), at: .zero)
        #expect(
            dropReason { () throws(GATTSensorError) in try calculator.add(wheel(3, 100), at: .seconds(1)) }
                == .revolutionsWithoutTime)
    }

    @Test func aStandstillLongerThanTheEventTimePeriodGivesNoStaleSpeed() throws {
        var calculator = CyclingSpeedCadenceCalculator()
        _ = try calculator.add(wheel(0, 0), at: .zero)
        _ = try calculator.add(wheel(2, 1024), at: .seconds(1))
        // 70 s later (no notification between), 1 more revolution at tick 1 024 + 70 × 1 024 = 72 704, which wraps
        // to 7 168: its difference (6 144 ticks = 6 s) would be wrong, so it gives no speed (0), but the
        // revolution counts: 3 × 2.105 = 6.315 m.
        let after = try calculator.add(wheel(3, 7168), at: .seconds(71))
        #expect(after.speedMetersPerSecond == 0)
        #expect(isClose(after.distanceMeters, 6.315))
        // The next second measures again: 1 revolution in 1 024 ticks = 2.105 m/s.
        #expect(isClose(try calculator.add(wheel(4, 8192), at: .seconds(72)).speedMetersPerSecond, 2.105))
    }

    @Test func aBadWheelStepDoesNotLeaveTheCrankBehind() throws {
        var calculator = CyclingSpeedCadenceCalculator()
        let both = { (wheelRevolutions: UInt32, crankRevolutions: UInt16, time: UInt16) in
            CyclingSpeedCadenceMeasurement(
                wheel: WheelRevolutionData(
                    cumulativeRevolutions: wheelRevolutions, lastEventTime: time, ticksPerSecond: 1024),
                crank: CrankRevolutionData(cumulativeRevolutions: crankRevolutions, lastEventTime: time))
        }
        _ = try calculator.add(both(0, 0, 0), at: .zero)
        #expect(
            dropReason { () throws(GATTSensorError) in try calculator.add(both(100, 1, 1024), at: .seconds(1)) }
                == .speedAboveLimit)
        // The crank moved on with the dropped sample: 1 more revolution in 1 s = 60 rpm, not 2 in 2 s.
        let next = try calculator.add(both(102, 2, 2048), at: .seconds(2))
        #expect(isClose(next.cadenceRevolutionsPerMinute, 60))
        #expect(isClose(next.speedMetersPerSecond, 4.21))
    }

    @Test func theWheelCircumferenceIsConfigurable() throws {
        var calculator = CyclingSpeedCadenceCalculator(wheelCircumferenceMillimeters: 2000)
        _ = try calculator.add(wheel(0, 0), at: .zero)
        // 3 revolutions of 2.000 m in 1 s: 6 m/s, 6 m.
        let reading = try calculator.add(wheel(3, 1024), at: .seconds(1))
        #expect(isClose(reading.speedMetersPerSecond, 6))
        #expect(isClose(reading.distanceMeters, 6))
    }
}
