import Foundation
import HubCore
import HubTestKit
import Reports
import Testing

/// One of every picture the hub draws, with data that fills it: each stats period at a few widths, workout pages
/// of a run, a run with a pause, a ride and a run without a path, and heart-rate plots from ten minutes to a year.
struct PictureSample: CustomTestStringConvertible, Sendable {
    let name: String
    let svg: @Sendable () -> String

    var testDescription: String { name }

    static let widths: [Double] = [320, 480, 900, 1600]

    /// 2026: a workout on most days of October, two on some, a long one on the 17th; more in other months and years.
    static let workouts: [Workout] = {
        var workouts: [Workout] = []
        var id: WorkoutID = 0
        func add(_ text: String, hour: Int = 7, seconds: Int, meters: Double) {
            guard let day = LocalDay(text) else { return }
            id += 1
            workouts.append(
                finishedWorkout(
                    id: id, start: day.start.addingTimeInterval(Double(hour) * 3600), seconds: seconds,
                    meters: meters, kcal: meters / 15, averageHeartRate: 140, maxHeartRate: 170))
        }
        for day in 1...31 where day % 5 != 3 {
            add("2026-10-\(twoDigits(day))", seconds: 1800 + day * 60, meters: 5000 + Double(day) * 230)
            if day % 4 == 0 { add("2026-10-\(twoDigits(day))", hour: 18, seconds: 1200, meters: 3500) }
        }
        add("2026-10-17", hour: 12, seconds: 7200, meters: 21_100)
        for month in 1...9 { add("2026-\(twoDigits(month))-14", seconds: 3600, meters: Double(month) * 9000) }
        for year in [2019, 2020, 2022, 2023, 2024, 2025] { add("\(year)-06-01", seconds: 3600, meters: 10_000) }
        return workouts
    }()

    static func twoDigits(_ number: Int) -> String { number < 10 ? "0\(number)" : "\(number)" }

    static func report(_ kind: ReportPeriod.Kind, endingOn day: String = "2026-10-31") -> PeriodReport {
        let period = ReportPeriod(kind, endingOn: LocalDay(day) ?? LocalDay(Date()))
        let days = workouts.filter { workout in
            period.interval.map { workout.startedAt >= $0.start && workout.startedAt < $0.end } ?? true
        }.map(WorkoutStatistics.dayTotals(of:))
        return PeriodReport(period: period, days: days, previousDays: period.previous == nil ? nil : [])
    }

    static let statistics: [PictureSample] = ReportPeriod.Kind.allCases.flatMap { kind in
        widths.map { width in
            PictureSample(name: "stats \(kind.rawValue) \(Int(width)) px") {
                PeriodBars.svg(report(kind), units: .metric, width: width)
            }
        }
    }

    static let start = Date(timeIntervalSince1970: 1_795_000_000)

    /// A run of `seconds` at `speed` m/s that stops for `pause` seconds (no samples) halfway through.
    static func samples(seconds: Int, speed: Double, pause: TimeInterval = 0, path: Bool = true) -> [WorkoutSample] {
        (1...seconds).map { second in
            let paused = second > seconds / 2 ? pause : 0
            return WorkoutSample(
                second: second, recordedAt: start.addingTimeInterval(Double(second) + paused),
                heartRate: second % 97 == 0 ? nil : 110 + second % 60,
                latitude: path ? 48 + Double(second) * speed * 0.000009 : nil,
                longitude: path ? 11.5 + sin(Double(second) / 150) * 0.002 : nil, speedMetersPerSecond: speed,
                distanceMeters: Double(second) * speed, kilocalories: Double(second) * 0.2, steps: second * 3)
        }
    }

    static func page(
        _ samples: [WorkoutSample], speed: Double, units: UnitSystem = .metric, elevation: Bool = true
    ) -> String {
        let seconds = samples.count
        let workout = finishedWorkout(
            id: 42, start: start, seconds: seconds, meters: Double(seconds) * speed, kcal: Double(seconds) / 5,
            averageHeartRate: 140, maxHeartRate: 169)
        return WorkoutPage(
            workout: workout, samples: samples, zones: HeartRateZones(ageYears: 35), units: units,
            elevationMeters: elevation ? samples.map { 300 + 20 * sin(Double($0.second) / 300) } : []
        ).svg()
    }

    static let workoutPages: [PictureSample] = [
        PictureSample(name: "workout run") { page(samples(seconds: 2400, speed: 3), speed: 3) },
        PictureSample(name: "workout run with a pause") {
            page(samples(seconds: 1200, speed: 3.2, pause: 40), speed: 3.2, units: .imperial)
        },
        PictureSample(name: "workout ride") { page(samples(seconds: 3600, speed: 8), speed: 8) },
        PictureSample(name: "workout without a path") {
            page(samples(seconds: 600, speed: 2.5, path: false), speed: 2.5, elevation: false)
        },
        PictureSample(name: "workout ride with a program") { programRide().svg() },
    ]

    /// An indoor ride of 20 minutes with power, that followed a program: a 5-minute warm-up ramp from 120 to 180 W,
    /// three intervals of 3 minutes at 280 W with 1 minute at 120 W between them, and 2 minutes free to end.
    static func programRide() -> WorkoutPage {
        let plan: [(seconds: Int, from: Int?, to: Int?)] = [
            (300, 120, 180), (180, 280, 280), (60, 120, 120), (180, 280, 280), (60, 120, 120), (180, 280, 280),
            (60, 120, 120), (180, nil, nil),
        ]
        var steps: [WorkoutProgramStep] = []
        var second = 0
        for (index, step) in plan.enumerated() {
            steps.append(
                WorkoutProgramStep(
                    number: index + 1, title: "Step \(index + 1)", program: "Threes", outcome: .completed,
                    plannedSeconds: Double(step.seconds), seconds: Double(step.seconds),
                    plannedPowerStartWatts: step.from, plannedPowerEndWatts: step.to,
                    startedAt: start.addingTimeInterval(Double(second)),
                    endedAt: start.addingTimeInterval(Double(second + step.seconds))))
            second += step.seconds
        }
        var samples = Self.samples(seconds: second, speed: 9, path: false)
        for index in samples.indices {
            let planned = steps.first { $0.endedAt >= samples[index].recordedAt }?.plannedPowerStartWatts ?? 150
            samples[index].powerWatts = planned - 5 + index % 11
        }
        var ride = finishedWorkout(
            id: 43, start: start, seconds: second, meters: Double(second) * 9, kcal: Double(second) / 4,
            averageHeartRate: 140, maxHeartRate: 169)
        ride.kind = .indoorRide
        return WorkoutPage(
            workout: ride, samples: samples, zones: HeartRateZones(ageYears: 35), units: .metric, programSteps: steps)
    }

    static func heartRate(seconds: TimeInterval, resolution: PlotResolution) -> String {
        let step: TimeInterval = [.second: 1, .minute: 60, .hour: 3600, .day: 86_400][resolution] ?? 1
        let series = PlotSeries(
            points: stride(from: 0, to: seconds, by: step).map { offset in
                let wave = 40 * sin(offset / max(seconds / 8, 1))
                return .init(
                    time: start.timeIntervalSince1970 + offset, seconds: step, minimum: 60 + wave / 2,
                    average: 100 + wave, maximum: 140 + wave)
            })
        return HeartRateChart.svg(
            series, from: start, to: start.addingTimeInterval(seconds), resolution: resolution,
            zones: HeartRateZones(ageYears: 40))
    }

    static let heartRatePlots: [PictureSample] = [
        (600, PlotResolution.second), (3600, .second), (86_400, .minute), (30 * 86_400, .hour), (365 * 86_400, .day),
    ].map { seconds, resolution in
        PictureSample(name: "hr plot \(Int(seconds)) s per \(resolution.rawValue)") {
            heartRate(seconds: seconds, resolution: resolution)
        }
    }

    static let all = statistics + workoutPages + heartRatePlots + foodPictures

    /// A week and a month of food, October 2026, at each width.
    static let foodPictures: [PictureSample] = [ReportPeriod.Kind.week, .month].flatMap { kind in
        widths.map { width in
            PictureSample(name: "stats food \(kind.rawValue) \(Int(width)) px") {
                let (days, weighings) = foodMonth(kind)
                return FoodBars.svg(
                    title: ReportPeriod(kind, endingOn: LocalDay(year: 2026, month: 10, day: 31) ?? LocalDay(Date()))
                        .title, days: days, weighings: weighings, width: width)
            }
        }
    }

    /// October 2026 (or its last 7 days): eaten 1,700 to 2,600 kcal, nothing logged on the 9th and the 20th, a
    /// target of 1,900 and 450 more on the days of a workout, and a weighing every third day from 72.4 kg down.
    static func foodMonth(_ kind: ReportPeriod.Kind) -> (days: [FoodBars.Day], weighings: [FoodBars.Weighing]) {
        let period = ReportPeriod(kind, endingOn: LocalDay(year: 2026, month: 10, day: 31) ?? LocalDay(Date()))
        let days = period.days.map { day in
            FoodBars.Day(
                day: day, eatenKilocalories: [9, 20].contains(day.day) ? nil : 1700 + day.day * 137 % 900,
                targetKilocalories: 1900 + (day.day % 5 == 3 ? 0 : 450))
        }
        let weighings = period.days.filter { $0.day % 3 == 1 }.map {
            FoodBars.Weighing(day: $0, kilograms: 72.4 - Double($0.day) * 0.04)
        }
        return (days, weighings)
    }
}
