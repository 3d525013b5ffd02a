import HubCore
import Testing

@Suite struct CaloriesTests {
    let man = Calories.Person(weightKilograms: 75, ageYears: 35, gender: .male)
    let woman = Calories.Person(weightKilograms: 60, ageYears: 35, gender: .female)

    @Test func keytelForAManAt140BeatsPerMinute() {
        // (-55.0969 + 0.6309·140 + 0.1988·75 + 0.2017·35) kJ/min ÷ 4.184 = 13.193 kcal/min
        #expect(abs(Calories.keytelKilocaloriesPerMinute(heartRate: 140, person: man) - 13.19) < 0.005)
    }

    @Test func keytelForAWomanAt140BeatsPerMinute() {
        // (-20.4022 + 0.4472·140 − 0.1263·60 + 0.0740·35) kJ/min ÷ 4.184 = 8.895 kcal/min
        #expect(abs(Calories.keytelKilocaloriesPerMinute(heartRate: 140, person: woman) - 8.90) < 0.006)
    }

    @Test func keytelForOtherAveragesTheTwoEquations() {
        var person = man
        let male = Calories.keytelKilocaloriesPerMinute(heartRate: 150, person: person)
        person.gender = .female
        let female = Calories.keytelKilocaloriesPerMinute(heartRate: 150, person: person)
        person.gender = .other
        #expect(abs(Calories.keytelKilocaloriesPerMinute(heartRate: 150, person: person) - (male + female) / 2) < 1e-9)
    }

    @Test func keytelNeverGoesBelowZero() {
        let light = Calories.Person(weightKilograms: 40, ageYears: 20, gender: .male)
        #expect(Calories.keytelKilocaloriesPerMinute(heartRate: 40, person: light) == 0)
        #expect(Calories.keytelKilocaloriesPerMinute(heartRate: 0, person: woman) == 0)
    }

    @Test(arguments: [
        (0.0, 1.3), (3.2, 2.8), (4.0, 3.0), (4.8, 3.5), (5.6, 4.3), (6.4, 5.0), (7.2, 7.0), (8.0, 8.3), (9.7, 9.8),
        (11.3, 11.0), (12.9, 11.8), (16.1, 14.5),
    ])
    func metMatchesTheCompendiumAtItsRows(kilometersPerHour: Double, met: Double) {
        #expect(abs(Calories.met(speedMetersPerSecond: kilometersPerHour / 3.6) - met) < 1e-9)
    }

    @Test(arguments: [
        (1.6, 2.05),  // halfway from 0 to 3.2 km/h
        (8.85, 9.05),  // halfway from 8.0 to 9.7 km/h
        (14.5, 13.15),  // halfway from 12.9 to 16.1 km/h
        (20.0, 14.5),  // faster than the table: its last row
        (-3.0, 1.3),  // no negative speeds
    ])
    func metInterpolatesBetweenRows(kilometersPerHour: Double, met: Double) {
        #expect(abs(Calories.met(speedMetersPerSecond: kilometersPerHour / 3.6) - met) < 1e-9)
    }

    @Test func energyUsesKeytelFromNinetyBeatsPerMinute() {
        let perMinute = Calories.keytelKilocaloriesPerMinute(heartRate: 90, person: man)
        #expect(
            Calories.kilocalories(seconds: 30, heartRate: 90, speedMetersPerSecond: 2.5, person: man) == perMinute / 2)
    }

    @Test func energyUsesMETBelowNinetyBeatsPerMinute() {
        // 9 km/h: 8.3 + (9 − 8) / (9.7 − 8) · (9.8 − 8.3) = 9.182 MET; · 75 kg · 60 s / 3600 = 11.48 kcal
        let expected = Calories.met(speedMetersPerSecond: 2.5) * 75 * 60 / 3600
        #expect(abs(expected - 11.4779) < 0.001)
        #expect(Calories.kilocalories(seconds: 60, heartRate: 89, speedMetersPerSecond: 2.5, person: man) == expected)
        #expect(Calories.kilocalories(seconds: 60, heartRate: nil, speedMetersPerSecond: 2.5, person: man) == expected)
    }

    @Test func energyIsZeroWithNeitherHeartRateNorSpeed() {
        #expect(Calories.kilocalories(seconds: 60, heartRate: nil, speedMetersPerSecond: nil, person: man) == 0)
    }

    /// Indoors (no GPS) at 80 bpm: 2.8 MET · 75 kg · 60 s / 3600 = 3.5 kcal a minute (it was 0).
    @Test func belowNinetyBeatsPerMinuteWithoutASpeedEnergyIsTheIndoorMET() {
        #expect(
            abs(Calories.kilocalories(seconds: 60, heartRate: 80, speedMetersPerSecond: nil, person: man) - 3.5) < 1e-9)
        // 30 minutes for the unknown person (70 kg): 2.8 · 70 · 1800 / 3600 = 98 kcal.
        #expect(
            abs(Calories.kilocalories(seconds: 1800, heartRate: 70, speedMetersPerSecond: nil, person: .unknown) - 98)
                < 1e-9)
    }

    @Test func anUnknownPersonIsAnAverageAdult() {
        #expect(Calories.Person.unknown == Calories.Person(weightKilograms: 70, ageYears: 35, gender: .other))
    }

    @Test func powerWinsOverHeartRateAsWorkOverAGrossEfficiencyOfTwentyFourPercent() {
        // 200 W for 60 s = 12 kJ; 12 ÷ 4.184 ÷ 0.24 = 11.950287 kcal, whatever the heart rate says.
        let kcal = Calories.kilocalories(
            seconds: 60, heartRate: 160, speedMetersPerSecond: 8, person: man, kind: .indoorRide, powerWatts: 200)
        #expect(abs(kcal - 11.950_287) < 1e-6)
    }

    @Test func aRowersPowerCountsOverARowingEfficiencyOfEighteenPercent() {
        // 150 W for an hour = 540 kJ; 540 ÷ 4.184 = 129.063 kcal of work; ÷ 0.18 = 717.017 kcal (a ride's 24 %
        // would say 537.763), whatever the heart rate says.
        let row = Calories.kilocalories(
            seconds: 3600, heartRate: 150, speedMetersPerSecond: nil, person: man, kind: .row, powerWatts: 150)
        #expect(abs(row - 717.017_208) < 1e-6)
        let ride = Calories.kilocalories(
            seconds: 3600, heartRate: 150, speedMetersPerSecond: nil, person: man, kind: .indoorRide, powerWatts: 150)
        #expect(abs(ride - 537.762_906) < 1e-6)
        // 200 W for 60 s = 12 kJ; 12 ÷ 4.184 ÷ 0.18 = 15.933716 kcal.
        #expect(abs(Calories.kilocalories(seconds: 60, powerWatts: 200, kind: .row) - 15.933_716) < 1e-6)
    }

    @Test(arguments: [
        (WorkoutKind.row, 0.18), (.indoorRide, 0.24), (.ride, 0.24), (.treadmill, 0.24), (.other, 0.24),
    ])
    func eachKindHasItsGrossEfficiency(kind: WorkoutKind, efficiency: Double) {
        #expect(Calories.grossEfficiency(for: kind) == efficiency)
    }

    @Test func aRideCountsTheCyclingMETForItsSpeed() {
        // 20.9 km/h lies halfway between the Compendium's 19.3 km/h (8.0 MET) and 22.5 km/h (10.0): 9.0 MET;
        // 9.0 × 75 kg × 1 h = 675 kcal.
        let kcal = Calories.kilocalories(
            seconds: 3600, heartRate: nil, speedMetersPerSecond: 20.9 / 3.6, person: man, kind: .ride)
        #expect(abs(kcal - 675) < 1e-6)
    }

    @Test(arguments: [
        (WorkoutKind.indoorRide, 3.5), (.row, 4.8), (.strength, 3.5), (.treadmill, 2.8), (.other, 2.8),
    ])
    func withoutASpeedEachKindCountsItsOwnMET(kind: WorkoutKind, met: Double) {
        // Heart rate 80, under Keytel's 90: the kind's MET × 75 kg × 1 h.
        let kcal = Calories.kilocalories(
            seconds: 3600, heartRate: 80, speedMetersPerSecond: nil, person: man, kind: kind)
        #expect(abs(kcal - met * 75) < 1e-9)
    }

    @Test func aCadenceWithoutHeartRateOrSpeedIsMovementThatCounts() {
        // A spin bike with only a cadence sensor: 3.5 MET × 75 kg for 60 s = 4.375 kcal; without it nothing.
        let moving = Calories.kilocalories(
            seconds: 60, heartRate: nil, speedMetersPerSecond: nil, person: man, kind: .indoorRide, isMoving: true)
        #expect(abs(moving - 4.375) < 1e-9)
        #expect(
            Calories.kilocalories(
                seconds: 60, heartRate: nil, speedMetersPerSecond: nil, person: man, kind: .indoorRide) == 0)
    }
}

@Suite struct GeoTests {
    @Test func aThousandthOfADegreeOfLatitudeIsAbout111Meters() {
        let meters = Geo.distanceMeters(fromLatitude: 52.5, longitude: 13.35, toLatitude: 52.501, longitude: 13.35)
        #expect(abs(meters - 111.195) < 0.01)
    }

    @Test func longitudeDegreesShrinkTowardsThePoles() {
        let equator = Geo.distanceMeters(fromLatitude: 0, longitude: 0, toLatitude: 0, longitude: 0.001)
        let sixtyNorth = Geo.distanceMeters(fromLatitude: 60, longitude: 0, toLatitude: 60, longitude: 0.001)
        #expect(abs(equator - 111.195) < 0.01)
        #expect(abs(sixtyNorth - equator / 2) < 0.01)
    }

    @Test func theDistanceFromAPointToItselfIsZeroAndDistanceIsSymmetric() {
        #expect(Geo.distanceMeters(fromLatitude: 48.1, longitude: 11.5, toLatitude: 48.1, longitude: 11.5) == 0)
        let there = Geo.distanceMeters(fromLatitude: 48.1, longitude: 11.5, toLatitude: 52.5, longitude: 13.4)
        let back = Geo.distanceMeters(fromLatitude: 52.5, longitude: 13.4, toLatitude: 48.1, longitude: 11.5)
        #expect(abs(there - back) < 1e-6)
        #expect(abs(there - 507_481) < 1)  // Munich to Berlin, about 507 km as the crow flies
    }
}
