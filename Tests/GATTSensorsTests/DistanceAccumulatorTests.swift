import GATTSensors
import Testing

@Suite struct DistanceAccumulatorTests {
    @Test func addsWhatTheTotalGainsAndDropsATotalThatGoesBack() throws {
        var accumulator = DistanceAccumulator()
        let rsc = GATTCharacteristic.runningSpeedCadenceMeasurement
        // The first total is a baseline.
        #expect(try accumulator.add(totalMeters: 100, at: .seconds(0), from: rsc) == 0)
        #expect(try accumulator.add(totalMeters: 150, at: .seconds(10), from: rsc) == 50)
        #expect(
            dropReason { () throws(GATTSensorError) in
                try accumulator.add(totalMeters: 140, at: .seconds(11), from: rsc)
            }
                == .distanceWentBackwards)
        // Counted from the lower total: 50 + (150 − 140) = 60 m.
        #expect(try accumulator.add(totalMeters: 150, at: .seconds(12), from: rsc) == 60)
        accumulator.reset()
        #expect(try accumulator.add(totalMeters: 7, at: .seconds(13), from: .treadmillData) == 0)
    }

    @Test func dropsATotalThatJumpsFasterThanTheSpeedLimit() throws {
        var accumulator = DistanceAccumulator()
        _ = try accumulator.add(totalMeters: 0, at: .zero, from: .indoorBikeData)
        // 100 km/h is 27.78 m/s: 28 m in 1 s is too far, 27 m is not.
        #expect(
            dropReason { () throws(GATTSensorError) in
                try accumulator.add(totalMeters: 28, at: .seconds(1), from: .indoorBikeData)
            } == .speedAboveLimit)
        #expect(try accumulator.add(totalMeters: 55, at: .seconds(2), from: .indoorBikeData) == 27)
        // Two totals in the same instant are judged over 1 s: 20 m is allowed.
        #expect(try accumulator.add(totalMeters: 75, at: .seconds(2), from: .indoorBikeData) == 47)
        // After a minute, 1 000 m (16.7 m/s) is fine.
        #expect(try accumulator.add(totalMeters: 1075, at: .seconds(62), from: .indoorBikeData) == 1047)
    }
}
