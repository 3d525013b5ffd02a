import HubCore
import Simulator
import Testing

@Suite struct SyntheticRunTests {
    let run = SyntheticRun.make(minutes: 2)

    @Test func hasOneReadingPerSecond() {
        #expect(run.count == 120)
        #expect(run.map(\.offset) == Array(0..<120))
        #expect(run.allSatisfy { $0.heartRate != nil && $0.latitude != nil && $0.longitude != nil && $0.steps != nil })
    }

    @Test func heartRateIsPlausibleForARun() throws {
        let rates = run.compactMap(\.heartRate)
        #expect(try #require(rates.min()) >= 90)
        #expect(try #require(rates.max()) <= 160)
        #expect(try #require(rates.first) < (try #require(rates.dropFirst(60).first)))  // warming up
    }

    @Test func consecutivePointsAreTwoToFourMetresApart() throws {
        for (a, b) in zip(run, run.dropFirst()) {
            let meters = Geo.distanceMeters(
                fromLatitude: try #require(a.latitude), longitude: try #require(a.longitude),
                toLatitude: try #require(b.latitude), longitude: try #require(b.longitude))
            #expect((2...4).contains(meters), "second \(a.offset): \(meters) m")
        }
    }

    @Test func stepsNeverDecreaseAndMatchARunningCadence() throws {
        let steps = run.compactMap(\.steps)
        #expect(zip(steps, steps.dropFirst()).allSatisfy { $0 <= $1 })
        let perMinute = Double(try #require(steps.last)) / (119.0 / 60)
        #expect((140...180).contains(perMinute))
    }

    @Test func isTheSameEveryTime() {
        #expect(SyntheticRun.make(minutes: 2) == run)
        #expect(SyntheticRun.make(minutes: 0).count == 1)
    }
}
