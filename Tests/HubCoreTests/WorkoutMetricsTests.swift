import Foundation
import HubCore
import Testing

@Suite struct WorkoutMetricsTests {
    /// Four seconds: running, standing, running faster, and a second without a speed.
    static let seconds: [(heartRate: Int?, speed: Double?, distance: Double, kcal: Double, steps: Int?)] = [
        (100, 2.0, 2.0, 0.25, 3),
        (nil, 0.1, 0.125, 0.125, nil),
        (140, 3.0, 3.0, 0.5, 9),
        (120, nil, 0, 0, nil),
    ]

    static func recorded() -> WorkoutMetrics {
        var metrics = WorkoutMetrics()
        for second in seconds {
            metrics.recordSecond(
                heartRate: second.heartRate, speedMetersPerSecond: second.speed, distanceMeters: second.distance,
                kilocalories: second.kcal, steps: second.steps)
        }
        return metrics
    }

    @Test func addsUpTheSecondsAsComputedByHand() {
        let metrics = Self.recorded()
        #expect(metrics.movingSeconds == 4)
        #expect(metrics.distanceMeters == 5.125)
        #expect(metrics.kilocalories == 0.875)
        #expect(metrics.steps == 9)
        #expect(metrics.averageSpeedMetersPerSecond == 5.125 / 4)
        #expect(metrics.maxSpeedMetersPerSecond == 3.0)
        #expect(metrics.lastSpeedMetersPerSecond == nil)
    }

    @Test func heartRateVariabilityPairsOnlySuccessiveBeatsNotAcrossAGapOrAPause() {
        var metrics = WorkoutMetrics()
        func second(_ heartRate: Int?, _ rr: [UInt16]) {
            metrics.recordSecond(
                heartRate: heartRate, speedMetersPerSecond: nil, distanceMeters: 0, kilocalories: 0, steps: nil,
                rrIntervals1024: rr)
        }
        second(120, [500, 510])
        second(121, [530])
        second(nil, [])  // a gap: 530 and 900 are not successive beats
        second(80, [900, 890])
        second(85, [870])
        metrics.breakHeartRateSequence()  // a pause: 870 and 700 are not either
        second(90, [700, 706])
        // Pairs: (500, 510) (510, 530) (900, 890) (890, 870) (700, 706): differences 10, 20, 10, 20, 6 in 1/1024 s,
        // each 1000/1024 of that in milliseconds.
        let sumOfSquares: Double = 100 + 400 + 100 + 400 + 36
        let expected = (sumOfSquares / 5).squareRoot() * 1000 / 1024
        let rmssd = metrics.totals.rmssdMilliseconds ?? 0
        #expect(abs(rmssd - expected) < 1e-9)
    }

    @Test func underTwoMinutesTheMinimumSpeedIsTheAverage() {
        // One stretch, shorter than two windows: its speed is the average, 5.125 m in 4 s.
        #expect(Self.recorded().minSpeedMetersPerSecond == 5.125 / 4)
    }

    /// Three minutes and a half: 3 m/s, then a minute at a light (0.25 m/s of shuffling and GPS drift), then
    /// 3 m/s again. The slowest minute is the standing one; the last half minute joins the minute before it.
    @Test func theMinimumSpeedIsTheSlowestMinuteAndNeverAboveTheAverage() throws {
        var metrics = WorkoutMetrics()
        func seconds(_ count: Int, speed: Double) {
            for _ in 0..<count {
                metrics.recordSecond(
                    heartRate: nil, speedMetersPerSecond: speed, distanceMeters: speed, kilocalories: 0, steps: nil)
            }
        }
        seconds(60, speed: 3)
        #expect(metrics.minSpeedMetersPerSecond == 3)
        seconds(60, speed: 0.25)
        seconds(90, speed: 3)
        // Windows: 180 m / 60 s, 15 m / 60 s, then (180 + 90) m / 90 s joined: 3, 0.25 and 3 m/s.
        #expect(metrics.minSpeedMetersPerSecond == 0.25)
        let average = try #require(metrics.averageSpeedMetersPerSecond)
        let expectedAverage: Double = (180 + 15 + 270) / 210
        #expect(average == expectedAverage)
        let minimum = try #require(metrics.minSpeedMetersPerSecond)
        #expect(minimum <= average)
    }

    @Test func withoutASpeedThereIsNoMinimum() {
        var metrics = WorkoutMetrics()
        metrics.recordSecond(heartRate: 120, speedMetersPerSecond: nil, distanceMeters: 0, kilocalories: 1, steps: nil)
        #expect(metrics.minSpeedMetersPerSecond == nil)
    }

    @Test func heartRateAverageLeavesGapsOut() {
        let metrics = Self.recorded()
        #expect(metrics.averageHeartRate == 120)  // (100 + 140 + 120) / 3, not / 4
        #expect(metrics.maxHeartRate == 140)
    }

    @Test func totalsCarryEveryFigure() {
        let totals = Self.recorded().totals
        var expected = WorkoutTotals()
        expected.movingSeconds = 4
        expected.distanceMeters = 5.125
        expected.kilocalories = 0.875
        expected.steps = 9
        expected.minSpeedMetersPerSecond = 1.28125
        expected.maxSpeedMetersPerSecond = 3
        expected.averageSpeedMetersPerSecond = 1.28125
        expected.averageHeartRate = 120
        expected.maxHeartRate = 140
        #expect(totals == expected)
    }

    @Test func anEmptyWorkoutHasNoAverages() {
        let metrics = WorkoutMetrics()
        #expect(metrics.averageSpeedMetersPerSecond == nil)
        #expect(metrics.averageHeartRate == nil)
        #expect(metrics.totals == WorkoutTotals())
    }

    @Test func negativeDistanceOrEnergyIsNotSubtracted() {
        var metrics = WorkoutMetrics()
        metrics.recordSecond(heartRate: nil, speedMetersPerSecond: nil, distanceMeters: 3, kilocalories: 1, steps: nil)
        metrics.recordSecond(
            heartRate: nil, speedMetersPerSecond: nil, distanceMeters: -2, kilocalories: -1, steps: nil)
        #expect(metrics.distanceMeters == 3)
        #expect(metrics.kilocalories == 1)
    }

    @Test func restoringFromStoredSamplesReproducesTheTotals() {
        var distance = 0.0, kcal = 0.0
        var samples: [WorkoutSample] = []
        for (index, second) in Self.seconds.enumerated() {
            distance += second.distance
            kcal += second.kcal
            samples.append(
                WorkoutSample(
                    second: index + 1, recordedAt: Date(timeIntervalSince1970: Double(index)),
                    heartRate: second.heartRate,
                    latitude: nil, longitude: nil, speedMetersPerSecond: second.speed, distanceMeters: distance,
                    kilocalories: kcal, steps: second.steps))
        }
        #expect(WorkoutMetrics(restoring: samples.shuffled()).totals == Self.recorded().totals)
        #expect(WorkoutMetrics(restoring: samples) == Self.recorded())
    }

    @Test func restoringKeepsTheStoredSecondNumbers() {
        // Seconds 3 and 4 were never stored (e.g. lost in a crash): moving time still counts up to second 5.
        let samples = [1, 2, 5].map {
            WorkoutSample(
                second: $0, recordedAt: Date(timeIntervalSince1970: Double($0)), heartRate: nil, latitude: nil,
                longitude: nil,
                speedMetersPerSecond: nil, distanceMeters: Double($0), kilocalories: 0, steps: nil)
        }
        let metrics = WorkoutMetrics(restoring: samples)
        #expect(metrics.movingSeconds == 5)
        #expect(metrics.distanceMeters == 5)
        #expect(WorkoutMetrics(restoring: []) == WorkoutMetrics())
    }
}
