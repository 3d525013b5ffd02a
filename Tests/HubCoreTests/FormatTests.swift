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

    @Test(arguments: [(0, "0 workouts"), (1, "1 workout"), (2, "2 workouts"), (-1, "-1 workouts")])
    func aCountAgreesWithItsNoun(count: Int, text: String) {
        #expect(Format.counted(count, "workout") == text)
    }

    @Test func aNounWithAnIrregularPluralIsGivenIt() {
        #expect(Format.counted(1, "entry", "entries") == "1 entry")
        #expect(Format.counted(3, "entry", "entries") == "3 entries")
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

    // MARK: - Absurd values (a goal of 10^20 left in a database) give text, never a trap

    @Test(arguments: [
        (1e20, 0, "100000000000000000000"), (-1e20, 0, "-100000000000000000000"), (1e18, 2, "1000000000000000000.00"),
        (Double.infinity, 0, "–"), (-Double.infinity, 1, "–"), (Double.nan, 2, "–"),
    ])
    func fixedWritesAnyDoubleInFull(value: Double, decimals: Int, text: String) {
        #expect(Format.fixed(value, decimals: decimals) == text)
    }

    @Test func fixedTakesAtMostNineDecimals() {
        #expect(Format.fixed(0.5, decimals: 40) == "0.500000000")
        #expect(Format.fixed(2.5, decimals: -3) == "3")
    }

    @Test func energyAndDistanceOfAbsurdValuesAreText() {
        #expect(Format.energy(kilocalories: 1e20) == "100000000000000000000 kcal")
        #expect(Format.energy(kilocalories: .nan) == "– kcal")
        #expect(Format.distance(meters: 1e20) == "100000000000000000.00 km")
        #expect(Format.distance(meters: -.infinity) == "– m")
    }

    @Test func clockOfTheLongestDurationIsText() {
        // Int.max seconds = 9223372036854775807 = 2562047788015215 h + 1807 s = …:30:07.
        #expect(Format.clock(.seconds(Int64.max)) == "2562047788015215:30:07")
    }

    // MARK: - Echoing what came from outside

    @Test(arguments: [
        ("plain text, ünïcödé ♥ 🏃", "plain text, ünïcödé ♥ 🏃"),
        ("\u{1B}[2J\u{1B}[31mred", "\\u{1B}[2J\\u{1B}[31mred"),
        ("bell\u{07} and del\u{7F}", "bell\\u{7} and del\\u{7F}"),
        ("one\ntwo\r\nthree\tfour", "one\\ntwo\\r\\nthree\\tfour"),
        ("csi \u{9B}31m", "csi \\u{9B}31m"),
        ("abc\u{202E}cba", "abc\\u{202E}cba"),
    ])
    func printableEscapesControlCharacters(text: String, shown: String) {
        #expect(Format.printable(text, limit: nil) == shown)
        #expect(Format.printable(text) == shown)
    }

    @Test func printableCutsLongTextAfterSixtyCharacters() {
        let long = String(repeating: "A", count: 100_000)
        #expect(Format.printable(long) == String(repeating: "A", count: 60) + "…")
        #expect(Format.printable(String(repeating: "b", count: 60)) == String(repeating: "b", count: 60))
        #expect(Format.printable("abcdef", limit: 3) == "abc…")
        #expect(Format.printable(long, limit: nil) == long)
        #expect(Format.printable(long + "\u{7}", limit: nil) == long + "\\u{7}")
    }

    @Test func printableBoundsACharacterOfEndlessCombiningMarks() {
        // One Character: "a" followed by a thousand combining acute accents.
        let zalgo = "a" + String(repeating: "\u{301}", count: 1_000)
        #expect(zalgo.count == 1)
        // At most 4 × limit scalars are kept: the "a" and 39 accents.
        #expect(Format.printable(zalgo, limit: 10) == "a" + String(repeating: "\u{301}", count: 39) + "…")
        #expect(Format.printable(zalgo, limit: nil) == zalgo)
    }
}
