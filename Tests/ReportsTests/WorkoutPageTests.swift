import Foundation
import HubCore
import HubTestKit
import PictureTestKit
import Testing

@testable import Reports

/// The workout page's figures: the pace a pause does not slow down, and the same average as the panel plots.
@Suite struct WorkoutPageTests {
    @Test func thePaceAfterAPauseIsTheRealPace() throws {
        // 600 s at 3 m/s (5:33 /km) with a 40-second stop at a light after 300 s: no sample while paused.
        let samples = PictureSample.samples(seconds: 600, speed: 3, pause: 40)
        let workout = finishedWorkout(
            id: 1, start: PictureSample.start, seconds: 600, meters: 1800, kcal: 120, averageHeartRate: 140)
        let page = WorkoutPage(workout: workout, samples: samples, zones: HeartRateZones(ageYears: 35), units: .metric)
        let points = page.movementSeries().points
        let resumed = samples[300].recordedAt.timeIntervalSince1970
        // Before, the 30 seconds after the stop averaged it in: 90 m over 70 s, 12:58 /km.
        for point in points {
            #expect(abs(point.average - 1000 / 3) < 0.5, "\(point.average) s/km at \(point.time - resumed) s after")
        }
        let after = points.filter { $0.time >= resumed }
        #expect(after.first.map { $0.time - resumed } == 10, "the first point after the pause comes 10 s in")
        #expect(after.count == 300 - 10)
    }

    /// A ride with a power meter and a cadence sensor gets a panel for each, below the three every workout has;
    /// a treadmill plots its pace at a running speed.
    @Test func powerAndCadenceGetPanelsOfTheirOwnAndTheKindDecidesPaceOrSpeed() throws {
        var samples = PictureSample.samples(seconds: 120, speed: 8)
        for index in samples.indices {
            samples[index].powerWatts = 200 + index % 20
            samples[index].cadence = 90
        }
        var ride = finishedWorkout(
            id: 1, start: PictureSample.start, seconds: 120, meters: 960, kcal: 30, averageHeartRate: 140)
        ride.kind = .indoorRide
        let page = WorkoutPage(workout: ride, samples: samples, zones: HeartRateZones(ageYears: 35), units: .metric)
        let texts = try #require(TextBox.elements(of: page.svg())?.texts).map(\.content)
        #expect(texts.contains("Power") && texts.contains("Cadence"), "\(texts)")
        #expect(texts.contains("Speed"))
        var plain = page
        plain.samples = PictureSample.samples(seconds: 120, speed: 8)
        let plainTexts = try #require(TextBox.elements(of: plain.svg())?.texts).map(\.content)
        #expect(!plainTexts.contains("Power") && !plainTexts.contains("Cadence"))
        var treadmill = ride
        treadmill.kind = .treadmill
        treadmill.totals.averageSpeedMetersPerSecond = 3
        let zones = HeartRateZones(ageYears: 35)
        #expect(WorkoutPage(workout: treadmill, samples: [], zones: zones, units: .metric).showsPace)
        #expect(!page.showsPace)
    }

    @Test func aRidesPageSaysTheSpeedItPlotsAndAnImperialRouteIsScaledInMiles() throws {
        let ride = try #require(
            TextBox.elements(of: PictureSample.page(PictureSample.samples(seconds: 600, speed: 8), speed: 8))?.texts)
        #expect(ride.contains { $0.content.hasPrefix("10:00  ·  4.80 km  ·  28.8 km/h  ·  ") }, "\(ride)")
        #expect(ride.contains { $0.content == "Speed" })
        let run = try #require(
            TextBox.elements(
                of: PictureSample.page(PictureSample.samples(seconds: 1200, speed: 3), speed: 3, units: .imperial))?
                .texts)
        #expect(run.contains { $0.content.hasPrefix("20:00  ·  2.24 mi  ·  8:56 /mi  ·  ") }, "\(run)")
        #expect(run.contains { $0.content.hasSuffix(" mi") && $0.fontSize == 11 }, "the route's scale: \(run)")
        #expect(!run.contains { $0.content.hasSuffix(" km") || $0.content.hasSuffix(" m") }, "\(run)")
    }
}
