import Foundation
import HubStore
import HubTestKit
import Testing

/// The food and weight logs: each person's own, the nameless user's taken by the first person added, and gone with
/// their person.
@Suite struct FoodLogStoreTests {
    let directory: TemporaryDirectory
    let store: HubStore
    let lunch = Date(timeIntervalSince1970: 1_793_500_000)

    init() throws {
        directory = try TemporaryDirectory()
        store = try HubStore(directory: directory.url)
    }

    private func entry(_ food: String, kcal: Int, day: String = "2026-11-01") -> FoodEntry {
        FoodEntry(eatenAt: lunch, day: day, meal: "lunch", food: food, grams: 100, kilocalories: kcal)
    }

    @Test func eachPersonHasTheirOwnLogAndTheFirstPersonTakesTheNamelessOnes() async throws {
        // Before anyone is added: the hub's one nameless user.
        try await store.logFood(entry("soup", kcal: 120))
        try await store.logWeight(WeightEntry(measuredAt: lunch, day: "2026-11-01", kilograms: 70))
        try await store.saveOwnFood(OwnFood(name: "my bar", kilocaloriesPer100Grams: 380))
        try await store.setFavouriteFood("banana, raw", true)
        try await store.addPerson(named: "Alex")
        #expect(try await store.foodEntries(from: "2026-11-01", through: "2026-11-01").map(\.food) == ["soup"])
        #expect(try await store.weights(since: .distantPast).map(\.kilograms) == [70])
        #expect(try await store.ownFoods().map(\.name) == ["my bar"])

        try await store.addPerson(named: "Sam")
        try await store.setCurrentPerson(named: "Sam")
        #expect(try await store.foodEntries(from: "2026-11-01", through: "2026-11-01").isEmpty)
        #expect(try await store.favouriteFoods().isEmpty)
        #expect(try await store.ownFoods().isEmpty)
        let pasta = try await store.logFood(entry("pasta", kcal: 600))
        #expect(try await store.removeFoodEntry(id: 1) == nil, "Alex's entry is not Sam's to remove")
        #expect(try await store.setEnergyBudget(activity: "active", goal: "lose 0.5"))
        let settings = try await store.energyBudgetSettings()
        #expect(settings.activity == "active" && settings.goal == "lose 0.5")

        try await store.setCurrentPerson(named: "Alex")
        let alexs = try await store.energyBudgetSettings()
        #expect(alexs.activity == nil && alexs.goal == nil)
        _ = try await store.removePerson(named: "Sam")
        #expect(try await store.rowCounts()["food_log"] == 1, "Sam's pasta went with Sam; Alex's soup stays")
        #expect(pasta.id == 2)
    }

    @Test func aStoreHeldToTheCurrentPersonStaysTheirsWhenAnotherIsChosen() async throws {
        try await store.addPerson(named: "Kim")
        try await store.logFood(entry("soup", kcal: 120))
        try await store.addPerson(named: "Sam")
        try await store.setCurrentPerson(named: "Sam")
        try await store.logFood(entry("pasta", kcal: 600))
        try await store.setCurrentPerson(named: "Kim")
        let held = try await store.holdingCurrentPerson()
        // `person Sam` at the console while the calories plugin works out Kim's answer.
        try await store.setCurrentPerson(named: "Sam")
        #expect(try await held.foodEntries(from: "2026-11-01", through: "2026-11-01").map(\.food) == ["soup"])
        #expect(try await store.foodEntries(from: "2026-11-01", through: "2026-11-01").map(\.food) == ["pasta"])
        #expect(try await store.currentPerson()?.name == "Sam", "holding changes nobody's turn")
    }

    @Test func daysAreTheDaysTheyWereLoggedForAndUsageCountsTheFoodsEaten() async throws {
        try await store.logFood(entry("banana, raw", kcal: 89, day: "2026-10-31"))
        try await store.logFood(entry("banana, raw", kcal: 89, day: "2026-11-01"))
        try await store.logFood(entry("Banana, Raw", kcal: 89, day: "2026-11-02"))
        try await store.logFood(
            FoodEntry(eatenAt: lunch, day: "2026-11-01", meal: "snack", food: "350 kcal", grams: nil, kilocalories: 350)
        )
        #expect(
            try await store.foodEntries(from: "2026-11-01", through: "2026-11-02").map(\.kilocalories) == [
                89, 89, 350,
            ], "in the order eaten, here as logged")
        #expect(try await store.foodUsage(since: .distantPast) == ["banana, raw": 3], "a plain number is no food")
        let removed = try await store.removeFoodEntry(id: 4)
        #expect(removed?.food == "350 kcal")
        #expect(try await store.foodEntries(from: "2026-11-01", through: "2026-11-01").map(\.food) == ["banana, raw"])
    }

    @Test func whatTheDatabaseRefusesIsNotWritten() async throws {
        await #expect(throws: (any Error).self) { try await store.logFood(entry("too much", kcal: 50_000)) }
        await #expect(throws: (any Error).self) {
            try await store.logWeight(WeightEntry(measuredAt: lunch, day: "2026-11-01", kilograms: 5))
        }
        let counts = try await store.rowCounts()
        #expect(counts["food_log"] == 0 && counts["weights"] == 0)
    }
}
