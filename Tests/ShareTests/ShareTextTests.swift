import Foundation
import HubCore
import HubTestKit
import Reports
import Share
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
            workout: workout, samples: [], templates: ShareTemplates(hashtag: "#StayFit"), units: .metric,
            includeLocation: false)
        #expect(metric.short == "5.00 km in 30:00 (6:00 /km), 312 kcal, avg HR 147. #StayFit")
        #expect(metric.long.contains("highest 171 bpm"))
        let imperial = ShareText(
            workout: workout, samples: [], templates: ShareTemplates(), units: .imperial, includeLocation: false)
        #expect(imperial.short.hasPrefix("3.11 mi in 30:00 (9:39 /mi)"))
        #expect(!imperial.short.contains("#"))
    }

    /// A ride says its speed and average power, a row its 500 m split, in the same default template.
    @Test func eachKindSaysHowFastInItsOwnWordsWithItsPower() {
        var ride = workout
        ride.kind = .indoorRide
        ride.totals.distanceMeters = 18_300
        ride.totals.movingSeconds = 2520
        ride.totals.averageSpeedMetersPerSecond = 18_300.0 / 2520  // 26.14 km/h
        ride.totals.averagePower = 205.4
        let text = ShareText(
            workout: ride, samples: [], templates: ShareTemplates(), units: .metric, includeLocation: false)
        #expect(text.short == "18.30 km in 42:00 (26.1 km/h), avg 205 W, 312 kcal, avg HR 147.", "\(text.short)")
        var row = workout
        row.kind = .row
        row.totals.averageSpeedMetersPerSecond = 4  // 500 m in 125 s
        let rowed = ShareText(
            workout: row, samples: [], templates: ShareTemplates(longWorkout: "A {kind}, {pace}."), units: .imperial,
            includeLocation: false)
        #expect(rowed.short.hasPrefix("3.11 mi in 30:00 (2:05 /500m), 312 kcal"), "\(rowed.short)")
        #expect(rowed.long == "A row, 2:05 /500m.")
    }

    @Test func theLocationIsLeftOutUnlessAskedFor() {
        let samples = steadySamples(seconds: 10, speed: 3)
        let templates = ShareTemplates()
        let without = ShareText(
            workout: workout, samples: samples, templates: templates, units: .metric, includeLocation: false)
        #expect(!without.short.contains("°") && !without.long.contains("°"))
        #expect(!without.long.contains("48.0"))
        let with = ShareText(
            workout: workout, samples: samples, templates: templates, units: .metric, includeLocation: true)
        #expect(with.long.contains("Started at 48.0000° N, 11.5000° E."), "\(with.long)")
        // Before the hashtag, which ends a post, when the template does not place it.
        let tagged = ShareText(
            workout: workout, samples: samples, templates: ShareTemplates(hashtag: "#run"), units: .metric,
            includeLocation: true)
        #expect(tagged.short.hasSuffix("avg HR 147. Started at 48.0000° N, 11.5000° E. #run"), "\(tagged.short)")
    }

    @Test(arguments: [1, 50, 400, 1000])
    func theShortTextFitsItsLimitWhateverTheTemplate(repeats: Int) {
        let template = String(repeating: "{distance} and {time}, ", count: repeats) + "{hashtag}"
        let templates = ShareTemplates(hashtag: "#" + String(repeating: "x", count: 49), shortWorkout: template)
        let text = ShareText(
            workout: workout, samples: [], templates: templates, units: .metric, includeLocation: false)
        #expect(text.short.count <= ShareText.shortLimit)
        #expect(text.short.hasPrefix("5.00 km and 30:00"))
        if repeats > 50 { #expect(text.short.hasSuffix("…")) }
    }

    // MARK: - Numbers that agree with their nouns; what was not measured left out

    @Test func stepsCarryTheirNounAgreeingWithTheCount() {
        let many = ShareText(
            workout: workout, samples: [], templates: ShareTemplates(), units: .metric, includeLocation: false)
        #expect(many.long.contains("Energy 312 kcal, 5,400 steps."), "\(many.long)")
        var one = workout
        one.totals.steps = 1
        let single = ShareText(
            workout: one, samples: [], templates: ShareTemplates(), units: .metric, includeLocation: false)
        #expect(single.long.contains("Energy 312 kcal, 1 step."), "\(single.long)")
    }

    /// A configuration written before `{steps}` carried its noun says "{steps} steps": it is read as "{steps}".
    @Test func anOlderTemplateWithTheNounAfterThePlaceholderStillAgrees() {
        var one = workout
        one.totals.steps = 1
        let templates = ShareTemplates(longWorkout: "Energy {kcal}, {steps} steps. {hashtag}")
        let text = ShareText(workout: one, samples: [], templates: templates, units: .metric, includeLocation: false)
        #expect(text.long == "Energy 312 kcal, 1 step.")
        #expect(ShareTemplates.currentForm(of: "{steps} steps, {workouts} workouts") == "{steps}, {workouts}")
    }

    @Test func aWorkoutWithoutAStepCounterSaysNothingAboutSteps() {
        var noSteps = workout
        noSteps.totals.steps = nil
        let text = ShareText(
            workout: noSteps, samples: [], templates: ShareTemplates(), units: .metric, includeLocation: false)
        #expect(!text.long.contains("step") && !text.long.contains("–"), "\(text.long)")
        #expect(text.long.contains("Energy 312 kcal. Recorded with StayFit Hub."), "\(text.long)")
    }

    /// Indoors, without a strap or a step counter: 30:00 and 182 kcal were measured, nothing else.
    @Test func anIndoorWorkoutWithoutAStrapSaysOnlyWhatWasMeasured() {
        let indoor = finishedWorkout(id: 2, start: start, seconds: 1800, meters: 0, kcal: 182)
        let text = ShareText(
            workout: indoor, samples: [], templates: ShareTemplates(hashtag: "#StayFit"), units: .metric,
            includeLocation: false)
        #expect(text.short == "30:00, 182 kcal. #StayFit")
        let day = LocalTime.format(start, "%Y-%m-%d")
        #expect(text.long == "Workout on \(day): 30:00. Energy 182 kcal. Recorded with StayFit Hub. #StayFit")
    }

    @Test func aWorkoutWithoutAStrapSaysNothingAboutHeartRate() {
        let noStrap = finishedWorkout(id: 3, start: start, seconds: 1800, meters: 5000, steps: 5400, kcal: 312)
        let text = ShareText(
            workout: noStrap, samples: [], templates: ShareTemplates(), units: .metric, includeLocation: false)
        #expect(text.short == "5.00 km in 30:00 (6:00 /km), 312 kcal.")
        #expect(!text.long.contains("Heart rate") && !text.long.contains("bpm"), "\(text.long)")
        #expect(text.long.contains("(10.0 km/h). Energy 312 kcal, 5,400 steps."), "\(text.long)")
    }

    @Test func statisticsSayStepsWithTheirNounAndNothingOfWhatNoWorkoutMeasured() throws {
        let last = try #require(LocalDay("2026-11-23"))
        let counted = ShareText(
            report: PeriodReport(
                period: ReportPeriod(.week, endingOn: last), days: [WorkoutStatistics.dayTotals(of: workout)],
                previousDays: []),
            templates: ShareTemplates(), units: .metric)
        #expect(counted.long.contains("312 kcal, 5,400 steps, average heart rate 147."), "\(counted.long)")
        let indoor = finishedWorkout(id: 2, start: start, seconds: 1800, meters: 0, kcal: 182)
        let uncounted = ShareText(
            report: PeriodReport(
                period: ReportPeriod(.week, endingOn: last), days: [WorkoutStatistics.dayTotals(of: indoor)],
                previousDays: []),
            templates: ShareTemplates(), units: .metric)
        #expect(uncounted.long.contains("): 1 workout, 30:00, 182 kcal. "), "\(uncounted.long)")
        #expect(!uncounted.long.contains("step") && !uncounted.long.contains("heart rate"), "\(uncounted.long)")
        #expect(!uncounted.long.contains("km"), "\(uncounted.long)")
    }

    @Test func statisticsTextComparesWithThePeriodBefore() throws {
        let last = try #require(LocalDay("2026-11-23"))
        let report = PeriodReport(
            period: ReportPeriod(.week, endingOn: last),
            days: [WorkoutStatistics.dayTotals(of: workout)], previousDays: [])
        let text = ShareText(report: report, templates: ShareTemplates(), units: .metric)
        #expect(text.short.hasPrefix("The last 7 days"))
        #expect(text.short.contains("1 workout, 5.00 km, 30:00, 312 kcal"))
        #expect(text.long.contains("vs the 7 before: 1 vs 0 workouts"))
        #expect(text.short.count <= ShareText.shortLimit)
    }
}
