import Foundation
import HubCore
import Records
import Testing

@Suite struct PowerMetricsTests {
    @Test func averagesMaximumThreeSecondPowerAndWorkAsComputedByHand() {
        var power = PowerMetrics()
        for watts in [100, 200, 300, 240] { power.add(watts: watts) }
        #expect(power.averageWatts == 210)  // 840 W·s ÷ 4 s
        #expect(power.maxWatts == 300)
        #expect(power.threeSecondWatts == 740.0 / 3)  // 200 + 300 + 240
        #expect(power.workKilojoules == 0.84)
        #expect(power.normalizedWatts == nil)  // under 30 s
    }

    @Test func normalisedPowerIsNilUntilThirtySecondsAndThenTheFourthRootOfTheMeanFourthPower() throws {
        var power = PowerMetrics()
        for _ in 1...29 { power.add(watts: 100) }
        #expect(power.normalizedWatts == nil)
        power.add(watts: 100)
        // The first 30 s rolling average: 100 W.
        #expect(abs(try #require(power.normalizedWatts) - 100) < 1e-9)
        power.add(watts: 400)
        // The second window holds 29 × 100 W and 400 W: 3300 ÷ 30 = 110 W. ((100⁴ + 110⁴) ÷ 2)^¼ =
        // (123,205,000)^¼ = 105.3555 W.
        #expect(abs((power.normalizedWatts ?? 0) - 105.355_468_6) < 1e-6)
        #expect(abs((power.averageWatts ?? 0) - 3400.0 / 31) < 1e-9)
        #expect(power.workKilojoules == 3.4)
    }

    @Test func aNegativeReadingCountsAsZeroWatts() {
        var power = PowerMetrics()
        power.add(watts: -50)
        power.add(watts: 100)
        #expect(power.averageWatts == 50)
        #expect(power.maxWatts == 100)
    }

    @Test func cadenceAndPowerTotalsLeaveGapsOutAndComeBackTheSameFromStoredSamples() {
        var metrics = WorkoutMetrics()
        let seconds: [(cadence: Int?, power: Int?)] = [(80, 150), (nil, nil), (90, 250), (100, nil)]
        var samples: [WorkoutSample] = []
        for (index, second) in seconds.enumerated() {
            metrics.recordSecond(
                heartRate: nil, speedMetersPerSecond: nil, distanceMeters: 0, kilocalories: 0, steps: nil,
                cadence: second.cadence, powerWatts: second.power)
            samples.append(
                WorkoutSample(
                    second: index + 1, recordedAt: Date(timeIntervalSince1970: Double(index)), heartRate: nil,
                    latitude: nil, longitude: nil, speedMetersPerSecond: nil, distanceMeters: 0, kilocalories: 0,
                    steps: nil, cadence: second.cadence, powerWatts: second.power))
        }
        let totals = metrics.totals
        #expect(totals.averageCadence == 90)  // (80 + 90 + 100) ÷ 3
        #expect(totals.maxCadence == 100)
        #expect(totals.averagePower == 200)  // (150 + 250) ÷ 2
        #expect(totals.maxPower == 250)
        #expect(totals.workKilojoules == 0.4)
        #expect(totals.normalizedPower == nil)
        #expect(metrics.lastCadence == 100)
        #expect(metrics.lastPowerWatts == nil)
        #expect(WorkoutMetrics(restoring: samples).totals == totals)
    }
}
