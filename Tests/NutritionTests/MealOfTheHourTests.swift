import Foundation
import Nutrition
import Testing

/// The meal a food is logged to when the person names none comes from the local hour, read with `localtime_r`
/// (no ICU in the hub): the same hour Foundation's calendar gives, every hour of a day.
@Suite struct MealOfTheHourTests {
    @Test func theLocalHourGivesTheMealAsTheCalendarWould() throws {
        let midnight = Calendar.current.startOfDay(for: Date(timeIntervalSince1970: 1_795_000_000))
        var seen: Set<Meal> = []
        for hour in 0..<24 {
            let date = try #require(Calendar.current.date(byAdding: .minute, value: hour * 60 + 30, to: midnight))
            let expected = Meal.likely(atHour: Calendar.current.component(.hour, from: date))
            #expect(Meal.likely(at: date) == expected, "at \(hour):30")
            seen.insert(Meal.likely(at: date))
        }
        #expect(seen == Set(Meal.allCases))
    }
}
