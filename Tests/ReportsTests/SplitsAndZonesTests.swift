import Foundation
import HubCore
import HubTestKit
import Reports
import Testing

@Suite struct SplitsAndZonesTests {
    @Test func aSteadyRunSplitsIntoWholeKilometresAndAPartialOne() {
        // 2.5 m/s for 1000 s: 2500 m, each kilometre in 400 s, then 500 m in 200 s.
        let splits = Split.of(steadySamples(seconds: 1000, speed: 2.5), unitMeters: 1000)
        #expect(splits.count == 3)
        #expect(splits.prefix(2).allSatisfy { abs($0.seconds - 400) < 1e-9 && $0.distanceMeters == 1000 })
        #expect(abs(splits[2].seconds - 200) < 1e-9)
        #expect(abs(splits[2].distanceMeters - 500) < 1e-9)
        #expect(splits[0].averageHeartRate == 150)
    }

    @Test func milesAreSplitsOfOneMile() {
        let splits = Split.of(steadySamples(seconds: 1000, speed: 3.3), unitMeters: UnitSystem.imperial.splitMeters)
        #expect(splits.count == 3)
        #expect(abs(splits[0].seconds - 1609.344 / 3.3) < 1e-6)
    }

    @Test func zonesFollowTanakasMaximumAndCountEachSecondOnce() {
        let zones = HeartRateZones(ageYears: 40)
        #expect(zones.maximum == 180)  // 208 − 0.7 × 40
        #expect(zones.zone(of: 89) == 0)
        #expect(zones.zone(of: 90) == 1)
        #expect(zones.zone(of: 126) == 3)
        #expect(zones.zone(of: 162) == 5)
        #expect(zones.zone(of: 200) == 5)
        let seconds = zones.secondsInZones([80, 100, 110, 130, 150, 170, nil, 170])
        #expect(seconds == [1, 1, 1, 1, 1, 2])
    }
}
