import Foundation
import HubCore
import HubTestKit
import Reports
import Testing

@Suite struct WorkoutStatisticsTests {
    let monday = Date(timeIntervalSince1970: 1_795_000_000)

    /// Three workouts whose figures are worked out by hand below; a running one that must not count.
    var workouts: [Workout] {
        [
            finishedWorkout(
                id: 1, start: monday, seconds: 1800, meters: 5000, steps: 5400, kcal: 300, averageHeartRate: 140,
                maxHeartRate: 165, maxSpeed: 3.5),
            finishedWorkout(
                id: 2, start: monday.addingTimeInterval(86_400), seconds: 3600, meters: 10_000, kcal: 650,
                averageHeartRate: 150, maxHeartRate: 178, maxSpeed: 4.1),
            finishedWorkout(
                id: 3, start: monday.addingTimeInterval(2 * 86_400), seconds: 600, meters: 1000, steps: 1000,
                kcal: 50, maxSpeed: 2),
            finishedWorkout(id: 4, start: monday, seconds: 99_999, meters: 99_999, kcal: 9999, status: .running),
        ]
    }

    @Test func addsUpCountTotalsAveragesAndMaximaAsWorkedOutByHand() {
        let statistics = WorkoutStatistics(workouts: workouts)
        #expect(statistics.count == 3)
        // 1800 + 3600 + 600 = 6000 s; per workout 2000 s; longest 3600 s.
        #expect(statistics.durationSeconds == .init(total: 6000, average: 2000, maximum: 3600))
        // 5000 + 10000 + 1000 = 16000 m; 16000 / 3 per workout; longest 10000 m.
        #expect(statistics.distanceMeters == .init(total: 16_000, average: 16_000.0 / 3, maximum: 10_000))
        // Steps only from the two workouts that counted them: 6400 in all, 3200 each, most 5400.
        #expect(statistics.steps == .init(total: 6400, average: 3200, maximum: 5400))
        #expect(statistics.kilocalories == .init(total: 1000, average: 1000.0 / 3, maximum: 650))
        // Weighted by moving time: (140 × 1800 + 150 × 3600) / 5400 = 146.67; the third had no heart rate.
        let heartRate = try? #require(statistics.heartRate.average)
        #expect(abs((heartRate ?? 0) - (140.0 * 1800 + 150 * 3600) / 5400) < 1e-9)
        #expect(statistics.heartRate.maximum == 178)
        #expect(statistics.heartRate.total == nil)
        // 16000 m over 6000 s.
        #expect(statistics.speedMetersPerSecond == .init(average: 16_000.0 / 6000, maximum: 4.1))
    }

    @Test func daysOfTotalsAddUpToTheSameAsTheWorkoutsOneByOne() {
        let byWorkout = WorkoutStatistics(workouts: workouts)
        let merged = WorkoutDayTotals(
            day: "2026-11-16", count: 3, movingSeconds: 6000, longestMovingSeconds: 3600, distanceMeters: 16_000,
            longestDistanceMeters: 10_000, steps: 6400, mostSteps: 5400, workoutsWithSteps: 2, kilocalories: 1000,
            mostKilocalories: 650, heartRateSeconds: 5400, heartBeats: 140 * 1800 + 150 * 3600, maxHeartRate: 178,
            maxSpeedMetersPerSecond: 4.1)
        #expect(WorkoutStatistics(days: [merged]) == byWorkout)
    }

    @Test func noWorkoutsGiveACountOfZeroAndNoFigures() {
        let statistics = WorkoutStatistics(workouts: [])
        #expect(statistics.count == 0)
        #expect(statistics.distanceMeters == .init())
        #expect(statistics.heartRate == .init())
        #expect(statistics.steps == .init())
    }

    @Test func aWeekReportHasSevenDaysAndThePreviousWeek() throws {
        let last = try #require(LocalDay("2026-11-23"))
        let period = ReportPeriod(.week, endingOn: last)
        let days = workouts.prefix(3).map(WorkoutStatistics.dayTotals(of:))
        let report = PeriodReport(period: period, days: days, previousDays: [])
        #expect(report.days.count == 7)
        #expect(report.days.first?.day == "2026-11-17")
        #expect(report.days.last?.day == "2026-11-23")
        #expect(report.previous?.count == 0)
        #expect(report.previousName == "the 7 before")
        #expect(
            report.days.map(\.statistics.count).reduce(0, +)
                == days.filter { d in
                    report.days.contains { $0.day == d.day }
                }.count)
    }
}
