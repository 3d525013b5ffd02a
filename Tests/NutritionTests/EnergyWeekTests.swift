import Foundation
import Nutrition
import Records
import Testing

/// The last 7 days said by the hub, with figures worked out by hand.
@Suite struct EnergyWeekTests {
    static let days = (21...27).map { "2026-11-\($0)" }
    /// 07:00 UTC on the 21st.
    static let firstMorning = Date(timeIntervalSince1970: 1_795_244_400)

    static func ate(_ kcal: Int, on day: String) -> FoodEntry {
        FoodEntry(eatenAt: firstMorning, day: day, meal: "lunch", food: "\(kcal) kcal", grams: nil, kilocalories: kcal)
    }

    static func weighed(_ kilograms: Double, daysAfterTheFirst days: Double) -> WeightEntry {
        WeightEntry(
            measuredAt: firstMorning.addingTimeInterval(days * 86_400), day: "", kilograms: kilograms)
    }

    @Test func theLoggedDaysAreAveragedAgainstTheirTargetsAndTheWeightFollowsItsLine() {
        // Eaten on three days: 1,800, 2,000 + 100 and 1,650, on average 5,550 / 3 = 1,850. Their targets 2,000,
        // 2,100 and 1,900: on average 2,000 (the 25th's 2,500 has nothing logged, and does not count).
        let entries = [
            Self.ate(1800, on: "2026-11-21"), Self.ate(2000, on: "2026-11-22"), Self.ate(100, on: "2026-11-22"),
            Self.ate(1650, on: "2026-11-27"), Self.ate(900, on: "2026-11-20"),
        ]
        let targets = ["2026-11-21": 2000, "2026-11-22": 2100, "2026-11-25": 2500, "2026-11-27": 1900]
        // 80.0, 79.9, 79.7 kg at 0, 3 and 6 days: the line through them falls 0.35 kg a week (covariance
        // −0.3 × 3/7 over variance 18/49), over the 6 days between the first and the last 0.3 kg.
        let weighings = [
            Self.weighed(80.0, daysAfterTheFirst: 0), Self.weighed(79.9, daysAfterTheFirst: 3),
            Self.weighed(79.7, daysAfterTheFirst: 6),
        ]
        let week = EnergyWeek(days: Self.days, entries: entries, targets: targets, weighings: weighings)
        #expect(week.daysLogged == 3 && week.eaten == 1850 && week.target == 2000)
        #expect(abs((week.weightChangeKilograms ?? 0) + 0.3) < 1e-9)
        #expect(
            week.spokenSummary
                == "Over the last 7 days, on the 3 days logged, you ate on average 1850 of 2000 calories a day. "
                + "Weight down 0.3 kilograms.")
    }

    @Test func aFullWeekWithoutATargetAndOneWeighingSaysWhatIsKnown() {
        let entries = Self.days.map { Self.ate(1500 + ($0 == "2026-11-27" ? 7 : 0), on: $0) }
        let week = EnergyWeek(
            days: Self.days, entries: entries, targets: [:], weighings: [Self.weighed(80.06, daysAfterTheFirst: 2)])
        // (6 × 1,500 + 1,507) / 7 = 1,501.
        #expect(
            week.spokenSummary
                == "Over the last 7 days you ate on average 1501 calories a day; your profile gives no target yet. "
                + "Weight 80.1 kilograms.")
    }

    @Test func aWeekWithNothingLoggedSaysSoAndASteadyWeight() {
        let weighings = [Self.weighed(70.0, daysAfterTheFirst: 0), Self.weighed(70.02, daysAfterTheFirst: 6)]
        let week = EnergyWeek(days: Self.days, entries: [], targets: [:], weighings: weighings)
        #expect(week.spokenSummary == "Nothing logged in the last 7 days. Weight steady.")
    }
}
