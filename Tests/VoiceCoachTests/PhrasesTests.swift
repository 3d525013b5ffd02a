import HubCore
import Testing
import VoiceCoach

@Suite struct PhrasesTests {
    let metric = Phrases(units: .metric)
    let imperial = Phrases(units: .imperial)

    static let metricDistances: [(Double, String)] = [
        (5200.0, "5.2 kilometres"), (1000, "1 kilometre"), (2000, "2 kilometres"), (1049, "1 kilometre"),
        (1051, "1.1 kilometres"), (999.6, "1 kilometre"), (850, "850 metres"), (854, "850 metres"),
        (1, "0 metres"), (10, "10 metres"), (0, "0 metres"), (-5, "0 metres"), (.nan, "0 metres"),
        (42195, "42.2 kilometres"),
    ]

    @Test(arguments: metricDistances)
    func saysMetricDistances(meters: Double, words: String) {
        #expect(metric.distance(meters: meters) == words)
    }

    static let imperialDistances: [(Double, String)] = [
        (1609.344, "1 mile"), (3218.688, "2 miles"), (5000, "3.1 miles"), (50, "50 yards"), (100, "0.1 miles"),
        (160, "0.1 miles"),
    ]

    @Test(arguments: imperialDistances)
    func saysImperialDistances(meters: Double, words: String) {
        #expect(imperial.distance(meters: meters) == words)
    }

    static let paces: [(secondsPerKilometre: Double, words: String)] = [
        (330, "5 minutes 30 per kilometre"), (300, "5 minutes per kilometre"), (61, "1 minute 1 per kilometre"),
        (45, "45 seconds per kilometre"), (359.6, "6 minutes per kilometre"),
    ]

    @Test(arguments: paces)
    func saysPaces(secondsPerKilometre: Double, words: String) {
        #expect(metric.pace(metersPerSecond: 1000 / secondsPerKilometre) == words)
    }

    @Test func saysNoPaceWhenStandingOrUnknown() {
        #expect(metric.pace(metersPerSecond: nil) == nil)
        #expect(metric.pace(metersPerSecond: 0) == nil)
        #expect(metric.pace(metersPerSecond: .infinity) == nil)
        #expect(metric.howFast(metersPerSecond: 0.1) == nil)
    }

    @Test func saysPacePerMileAndSpeedsInTheConfiguredUnits() {
        #expect(imperial.pace(metersPerSecond: 1609.344 / 480) == "8 minutes per mile")
        let speed = Phrases(units: .metric, speedStyle: .speed)
        #expect(speed.howFast(metersPerSecond: 12.5 / 3.6) == "speed 12.5 kilometres per hour")
        #expect(speed.howFast(metersPerSecond: 1 / 3.6, average: true) == "average speed 1 kilometre per hour")
        #expect(Phrases(units: .imperial, speedStyle: .speed).speed(metersPerSecond: 4.4704) == "10 miles per hour")
        #expect(metric.howFast(metersPerSecond: 1000.0 / 330) == "pace 5 minutes 30 per kilometre")
    }

    static let durations: [(Int, String)] = [
        (0, "0 seconds"), (1, "1 second"), (45, "45 seconds"), (60, "1 minute"), (61, "1 minute 1 second"),
        (1930, "32 minutes 10 seconds"), (3600, "1 hour"), (3900, "1 hour 5 minutes"), (7322, "2 hours 2 minutes"),
        (-3, "0 seconds"),
    ]

    @Test(arguments: durations)
    func saysDurations(seconds: Int, words: String) {
        #expect(metric.duration(seconds: seconds) == words)
    }

    @Test func saysHeartRateEnergyGoalsAndZones() {
        #expect(metric.heartRate(142) == "heart rate 142")
        #expect(metric.heartRate(138.6, average: true) == "average heart rate 139")
        #expect(metric.energy(kilocalories: 380.4) == "380 kilocalories")
        #expect(metric.energy(kilocalories: 1) == "1 kilocalorie")
        #expect(metric.goal(Goal(kind: .distance, target: 10000)) == "10 kilometres")
        #expect(metric.goal(Goal(kind: .duration, target: 1800)) == "30 minutes")
        #expect(metric.goal(Goal(kind: .steps, target: 1)) == "1 step")
        #expect(metric.goal(Goal(kind: .kcal, target: 1e300)) == "1000000000000 kilocalories")
        #expect(metric.zone(HeartRateZone(number: 3)) == "zone 3, moderate")
        #expect(metric.zone(HeartRateZone(number: 0)) == "below zone 1")
    }

    @Test func buildsSentences() {
        #expect(Phrases.sentence(["10 minutes", "", "heart rate 142"]) == "10 minutes, heart rate 142.")
        #expect(Phrases.sentence([]) == "")
    }
}

/// The coach's words follow the kind of workout: a bike's speed, a rower's split, no pace for strength.
@Suite struct PhrasesByKindTests {
    @Test func eachKindSaysHowFastInItsOwnWords() {
        let phrases = Phrases(units: .metric, speedStyle: .pace)
        // 10 km/h on foot: 6 minutes per kilometre; on a bike 10 kilometres per hour whatever pace-or-speed says.
        #expect(phrases.howFast(metersPerSecond: 10 / 3.6, kind: .treadmill) == "pace 6 minutes per kilometre")
        #expect(phrases.howFast(metersPerSecond: 10 / 3.6, kind: .indoorRide) == "speed 10 kilometres per hour")
        // 4 m/s on a rower: 500 / 4 = 125 s, "2 minutes 5 per 500 metres".
        #expect(
            phrases.howFast(metersPerSecond: 4, average: true, kind: .row) == "average split 2 minutes 5 per 500 metres"
        )
        #expect(phrases.howFast(metersPerSecond: 500.0 / 120, kind: .row) == "split 2 minutes per 500 metres")
        #expect(phrases.howFast(metersPerSecond: 3, kind: .strength) == nil)
        #expect(phrases.power(205.4, average: true) == "average power 205 watts")
        #expect(phrases.power(1) == "power 1 watt")
    }
}
