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

    /// The program's planned power under the measured one: one stepped line through the steps that follow one
    /// another (the ramp a slope), in a paler colour, drawn first, with its legend; nothing of it without steps.
    @Test func thePlannedPowerIsASteppedLineUnderThePowerWithItsLegend() throws {
        let page = PictureSample.programRide()
        let svg = page.svg()
        let texts = try #require(TextBox.elements(of: svg)?.texts).map(\.content)
        #expect(texts.contains("planned power"), "\(texts)")
        let plannedLines = svg.split(separator: "\n").filter {
            $0.hasPrefix("<polyline") && $0.contains("stroke=\"\(WorkoutPage.plannedPowerColor)\"")
        }
        // Seven steps with a target in one line, two points each; the last, free, step has none.
        try #require(plannedLines.count == 1)
        let points = try #require(plannedLines.first?.split(separator: "\"").dropFirst().first)
        let values = points.split(separator: " ").map { $0.split(separator: ",").map { Double($0) ?? .nan } }
        #expect(values.count == 14)
        // The ramp climbs (smaller y is higher up), each interval is level, and the steps meet at their ends.
        #expect(values[1][1] < values[0][1])
        #expect(values[2][1] == values[3][1])
        #expect(values[1][0] == values[2][0] && values[3][0] == values[4][0])
        let planned = try #require(svg.range(of: "stroke=\"\(WorkoutPage.plannedPowerColor)\""))
        let measured = try #require(svg.range(of: "<polyline", range: planned.upperBound..<svg.endIndex))
        #expect(svg[planned.upperBound..<measured.lowerBound].contains("planned power"))
        #expect(svg[measured.lowerBound...].contains("stroke=\"#6a1b9a\""), "the power is drawn over it")

        var plain = page
        plain.programSteps = []
        #expect(!plain.svg().contains("planned power"))
        #expect(!plain.svg().contains(WorkoutPage.plannedPowerColor))
    }
}
