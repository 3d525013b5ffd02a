import Foundation
import HubCore
import Reports
import Testing

@Suite struct ShareTextTests {
    let start = Date(timeIntervalSince1970: 1_795_000_000)
    var workout: Workout {
        finishedWorkout(
            id: 1, start: start, seconds: 1800, meters: 5000, steps: 5400, kcal: 312, averageHeartRate: 147.4,
            maxHeartRate: 171)
    }

    @Test func theDefaultTextsSayWhatWasDoneInTheConfiguredUnits() {
        let metric = ShareText(
            workout: workout, samples: [], settings: ReportSettings(hashtag: "#StayFit"), includeLocation: false)
        #expect(metric.short == "5.00 km in 30:00 (6:00 /km), 312 kcal, avg HR 147. #StayFit")
        #expect(metric.long.contains("highest 171 bpm"))
        let imperial = ShareText(
            workout: workout, samples: [], settings: ReportSettings(units: .imperial), includeLocation: false)
        #expect(imperial.short.hasPrefix("3.11 mi in 30:00 (9:39 /mi)"))
        #expect(!imperial.short.contains("#"))
    }

    @Test func theLocationIsLeftOutUnlessAskedFor() {
        let samples = steadySamples(seconds: 10, speed: 3)
        let settings = ReportSettings()
        let without = ShareText(workout: workout, samples: samples, settings: settings, includeLocation: false)
        #expect(!without.short.contains("°") && !without.long.contains("°"))
        #expect(!without.long.contains("48.0"))
        let with = ShareText(workout: workout, samples: samples, settings: settings, includeLocation: true)
        #expect(with.long.contains("Started at 48.0000° N, 11.5000° E."), "\(with.long)")
    }

    @Test(arguments: [1, 50, 400, 1000])
    func theShortTextFitsItsLimitWhateverTheTemplate(repeats: Int) {
        let template = String(repeating: "{distance} and {time}, ", count: repeats) + "{hashtag}"
        let settings = ReportSettings(hashtag: "#" + String(repeating: "x", count: 49), shortWorkout: template)
        let text = ShareText(workout: workout, samples: [], settings: settings, includeLocation: false)
        #expect(text.short.count <= ShareText.shortLimit)
        #expect(text.short.hasPrefix("5.00 km and 30:00"))
        if repeats > 50 { #expect(text.short.hasSuffix("…")) }
    }

    @Test func statisticsTextComparesWithThePeriodBefore() throws {
        let last = try #require(LocalDay("2026-11-23"))
        let report = PeriodReport(
            period: ReportPeriod(.week, endingOn: last),
            days: [WorkoutStatistics.dayTotals(of: workout)], previousDays: [])
        let text = ShareText(report: report, settings: ReportSettings())
        #expect(text.short.hasPrefix("The last 7 days"))
        #expect(text.short.contains("1 workout, 5.00 km, 30:00, 312 kcal"))
        #expect(text.long.contains("vs the 7 before: 1 vs 0 workouts"))
        #expect(text.short.count <= ShareText.shortLimit)
    }
}
