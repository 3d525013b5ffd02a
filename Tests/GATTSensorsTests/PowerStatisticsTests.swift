import GATTSensors
import Testing

@Suite struct PowerStatisticsTests {
    @Test func startsEmpty() {
        let statistics = PowerStatistics()
        #expect(statistics.threeSecondAverageWatts == nil && statistics.averageWatts == nil)
        #expect(statistics.maximumWatts == nil && statistics.normalizedPowerWatts == nil)
        #expect(statistics.kilojoules == 0)
    }

    @Test func averagesWhatThereIsAtTheStart() throws {
        var statistics = PowerStatistics()
        for watts in [100, 200, 300] { try statistics.add(watts: watts) }
        // (100 + 200 + 300) / 3 = 200 W; 600 J = 0.6 kJ.
        #expect(statistics.threeSecondAverageWatts == 200 && statistics.thirtySecondAverageWatts == 200)
        #expect(statistics.averageWatts == 200 && statistics.maximumWatts == 300)
        #expect(statistics.kilojoules == 0.6)
        #expect(statistics.normalizedPowerWatts == nil)
        // The 3 s window moves on: (200 + 300 + 400) / 3 = 300 W; the 30 s one holds all 4: 1 000 / 4 = 250 W.
        try statistics.add(watts: 400)
        #expect(statistics.threeSecondAverageWatts == 300 && statistics.thirtySecondAverageWatts == 250)
    }

    @Test func normalisedPowerWaitsFor30Seconds() throws {
        var statistics = PowerStatistics()
        for _ in 0..<29 { try statistics.add(watts: 200) }
        #expect(statistics.normalizedPowerWatts == nil)
        try statistics.add(watts: 200)
        // One 30 s average of 200 W: (200⁴)^¼ = 200.
        #expect(isClose(statistics.normalizedPowerWatts, 200))
    }

    @Test func normalisedPowerWeighsSurges() throws {
        var statistics = PowerStatistics()
        for _ in 0..<30 { try statistics.add(watts: 100) }
        try statistics.add(watts: 400)
        // 30 s averages: 100, then (29 × 100 + 400) / 30 = 110. NP = ((100⁴ + 110⁴) / 2)^¼
        // = ((100 000 000 + 146 410 000) / 2)^¼ = 123 205 000^¼ = √11 099.77 = 105.3555 W (above the 30 s averages' mean, 105).
        #expect(abs((statistics.normalizedPowerWatts ?? 0) - 105.3555) < 0.0001)
        // 3 400 J over 31 s: 109.677… W; 3 s: (100 + 100 + 400) / 3 = 200 W; 30 s: 110 W.
        #expect(isClose(statistics.averageWatts, 3400.0 / 31))
        #expect(statistics.threeSecondAverageWatts == 200 && isClose(statistics.thirtySecondAverageWatts, 110))
        #expect(statistics.maximumWatts == 400 && statistics.kilojoules == 3.4)
        #expect(statistics.seconds == 31)
    }

    @Test func refusesAValueOutsideTheLimitsAndKeepsItsFigures() throws {
        var statistics = PowerStatistics()
        try statistics.add(watts: 250)
        #expect(dropReason { () throws(GATTSensorError) in try statistics.add(watts: 3001) } == .powerAboveLimit)
        #expect(dropReason { () throws(GATTSensorError) in try statistics.add(watts: -1) } == .negativePower)
        #expect(statistics.seconds == 1 && statistics.maximumWatts == 250 && statistics.averageWatts == 250)
    }
}
