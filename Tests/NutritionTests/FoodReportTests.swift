import Foundation
import Records
import Testing

@testable import Nutrition

@Suite struct FoodReportTests {
    private func eaten(_ day: String, _ meal: String, _ kcal: Int, protein: Double? = nil) -> FoodEntry {
        FoodEntry(
            eatenAt: Date(timeIntervalSince1970: 0), day: day, meal: meal, food: "x", grams: protein == nil ? nil : 100,
            kilocalories: kcal, proteinGrams: protein, carbohydrateGrams: protein.map { _ in 50 },
            fatGrams: protein.map { _ in 10 })
    }

    /// The last days of October (with Europe's clock change on the 25th, a day of 25 hours) and the first of
    /// November: days are the days the entries were logged for, whatever their length.
    static let days = ["2026-10-24", "2026-10-25", "2026-10-26", "2026-10-31", "2026-11-01", "2026-11-02"]

    @Test func eachDayIsItsOwnTotalAgainstItsTarget() {
        let entries = [
            eaten("2026-10-25", "breakfast", 400, protein: 20), eaten("2026-10-25", "dinner", 900),
            eaten("2026-11-01", "lunch", 700, protein: 30), eaten("2026-11-01", "snack", 100),
            eaten("2026-11-09", "lunch", 5000),  // outside the period
        ]
        let report = FoodReport(
            days: Self.days, entries: entries, targets: ["2026-10-25": 2000, "2026-11-01": 2400], byMonth: false)
        #expect(report.rows.map(\.label) == Self.days)
        #expect(report.rows.map(\.eaten) == [0, 1300, 0, 0, 800, 0])
        #expect(report.rows.map(\.target) == [nil, 2000, nil, nil, 2400, nil])
        #expect(report.daysLogged == 2)
        // Per logged day: breakfast 400 / 2, dinner 900 / 2, lunch 700 / 2, snack 100 / 2.
        #expect(report.meals == ["breakfast": 200, "lunch": 350, "dinner": 450, "snack": 50])
        #expect(report.proteinGrams == 25 && report.carbohydrateGrams == 50 && report.fatGrams == 10)
        // 100, 200 and 90 kcal: 26 %, 51 % and 23 % of 390.
        #expect(report.macronutrientShares.map { [$0.protein, $0.carbohydrate, $0.fat] } == [26, 51, 23])
    }

    @Test func aYearIsAMonthARowWithTheAverageOfItsLoggedDays() {
        let entries = [
            eaten("2026-10-24", "lunch", 1800), eaten("2026-10-25", "lunch", 2200), eaten("2026-11-02", "lunch", 1500),
        ]
        let report = FoodReport(
            days: Self.days, entries: entries,
            targets: ["2026-10-24": 2000, "2026-10-25": 2100, "2026-10-26": 2000, "2026-11-01": 1900], byMonth: true)
        #expect(report.rows.map(\.label) == ["2026-10", "2026-11"])
        #expect(report.rows.map(\.eaten) == [2000, 1500])
        #expect(report.rows.map(\.daysLogged) == [2, 1])
        // October's known targets 2,000, 2,100 and 2,000: 2,033; November's one, 1,900.
        #expect(report.rows.map(\.target) == [2033, 1900])
        #expect(report.macronutrientShares == nil, "plain numbers of kcal have no macronutrients")
    }
}
