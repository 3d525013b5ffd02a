import HubCore
import Testing

@Suite struct FormatTests {
    @Test(arguments: [(0, "0:00"), (5, "0:05"), (65, "1:05"), (754, "12:34"), (3_723, "1:02:03"), (-5, "0:00")])
    func clockShowsMinutesAndSecondsAndHoursWhenThereAreSome(seconds: Int, text: String) {
        #expect(Format.clock(seconds: seconds) == text)
    }

    @Test(arguments: [
        (12.34, 1, "12.3"), (0.05, 1, "0.1"), (-2.5, 2, "-2.50"), (7.6, 0, "8"), (-0.4, 0, "0"), (1_234.5, 0, "1235"),
    ])
    func fixedRoundsToTheDecimalsAskedForIncludingNone(value: Double, decimals: Int, text: String) {
        #expect(Format.fixed(value, decimals: decimals) == text)
    }

    @Test func clockOfADurationRoundsDown() {
        #expect(Format.clock(.milliseconds(65_999)) == "1:05")
    }

    @Test(arguments: [(0.0, "0 m"), (849.6, "850 m"), (1_000, "1.00 km"), (1_520, "1.52 km"), (42_195, "42.20 km")])
    func distanceShowsMetresUnderAKilometreAndKilometresAbove(meters: Double, text: String) {
        #expect(Format.distance(meters: meters) == text)
    }

    @Test
    func distanceJustUnderAKilometreIsShownInKilometres() {
        #expect(Format.distance(meters: 999.7) == "1.00 km")
    }

    @Test(arguments: [(1000.0 / 312, "5:12 /km"), (2.5, "6:40 /km"), (0.3, "55:33 /km")])
    func paceIsTheTimeForAKilometre(speed: Double, text: String) {
        #expect(Format.pace(metersPerSecond: speed) == text)
    }

    @Test(arguments: [nil, 0.0, 0.29])
    func paceIsADashWhenStanding(speed: Double?) {
        #expect(Format.pace(metersPerSecond: speed) == "–:– /km")
    }

    @Test func speedIsInKilometresPerHour() {
        #expect(Format.speed(metersPerSecond: 3.2) == "11.5 km/h")
        #expect(Format.speed(metersPerSecond: 0) == "0.0 km/h")
        #expect(Format.speed(metersPerSecond: nil) == "– km/h")
    }

    @Test func energyIsWholeKilocalories() {
        #expect(Format.energy(kilocalories: 183.4) == "183 kcal")
        #expect(Format.energy(kilocalories: 183.5) == "184 kcal")
    }
}
