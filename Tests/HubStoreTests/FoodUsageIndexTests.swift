import Foundation
import GRDB
import HubTestKit
import Testing

@testable import HubStore

/// "v17: food usage index": the "most eaten first" count reads one person's last 90 days from its index, not the
/// whole food log.
@Suite struct FoodUsageIndexTests {
    let directory: TemporaryDirectory
    let store: HubStore
    let now = Date(timeIntervalSince1970: 1_793_500_000)

    init() throws {
        directory = try TemporaryDirectory()
        store = try HubStore(directory: directory.url)
    }

    @Test func theCountIsReadFromTheUsageIndexAlone() async throws {
        let plan = try await store.pool.read { db in
            try Row.fetchAll(
                db, sql: "EXPLAIN QUERY PLAN " + HubStore.foodUsageSQL, arguments: [1, now.timeIntervalSince1970]
            ).map { $0["detail"] as String }
        }
        // "SEARCH food_log USING COVERING INDEX food_log_usage (person_id=? AND eaten_at>?)", then the grouping.
        #expect(plan.first?.hasPrefix("SEARCH food_log USING COVERING INDEX food_log_usage") == true, "\(plan)")
        #expect(!plan.contains { $0.hasPrefix("SCAN food_log") }, "\(plan)")
    }

    @Test func theCountIsEachPersonsOwnSinceTheDateAndLeavesPlainKilocaloriesOut() async throws {
        func eat(_ food: String, daysAgo: Double, grams: Double? = 100) async throws {
            try await store.logFood(
                FoodEntry(
                    eatenAt: now.addingTimeInterval(-daysAgo * 86_400), day: "2026-11-01", meal: "lunch", food: food,
                    grams: grams, kilocalories: 100))
        }
        // The nameless user's (before anyone is added), then Alex's, then Sam's.
        try await eat("Banana", daysAgo: 1)
        try await store.addPerson(named: "Alex")
        try await eat("banana", daysAgo: 2)
        try await eat("apple", daysAgo: 100)
        try await eat("350 kcal", daysAgo: 1, grams: nil)
        try await store.addPerson(named: "Sam")
        try await store.setCurrentPerson(named: "Sam")
        try await eat("bread", daysAgo: 3)
        let since = now.addingTimeInterval(-90 * 86_400)
        #expect(try await store.foodUsage(since: since) == ["bread": 1])
        try await store.setCurrentPerson(named: "Alex")
        #expect(try await store.foodUsage(since: since) == ["banana": 2])
    }
}
