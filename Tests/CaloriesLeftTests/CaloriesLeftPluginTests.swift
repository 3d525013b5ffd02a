import Foundation
import HubCore
import HubTestKit
import Synchronization
import Testing

@testable import CaloriesLeft

/// A food log and profile in memory: a woman of 36 on the manual clock's day, 168 cm, 61 kg (basal rate 1,319).
final class TestLedger: FoodLedger, ProfileSource {
    let eaten = Mutex(0)
    let burned = Mutex(0)
    let settings: (activity: String?, goal: String?)
    let weighings: [WeightEntry]

    init(activity: String? = nil, goal: String? = nil, weighings: [WeightEntry] = []) {
        settings = (activity, goal)
        self.weighings = weighings
    }

    func foodEntries(from: String, through: String) async throws -> [FoodEntry] {
        let eaten = eaten.withLock { $0 }
        guard eaten > 0 else { return [] }
        return [
            FoodEntry(eatenAt: Date(), day: from, meal: "lunch", food: "\(eaten) kcal", grams: nil, kilocalories: eaten)
        ]
    }

    func workoutKilocalories(from start: Date, until end: Date) async throws -> Int { burned.withLock { $0 } }
    func energyBudgetSettings() async throws -> (activity: String?, goal: String?) { settings }
    func weights(since date: Date) async throws -> [WeightEntry] { weighings }

    func profile() async throws -> Profile? {
        Profile(name: "Alex", birthDate: "1990-04-21", gender: .female, heightCentimeters: 168, weightKilograms: 61)
    }
}

@Suite struct CaloriesLeftPluginTests {
    private func withPlugin(
        _ ledger: TestLedger, _ body: (PluginContext, Inbox<String>) async throws -> Void
    )
        async throws
    {
        let context = PluginContext.test(storage: ledger, clock: ManualClock())
        let heard = context.bus.inbox(of: String.self, subscriber: "test") {
            $0.route(Announcement.self) { "say \($0.text)" }
            $0.route(StatusPart.self) { "status \($0.stale)" }
        }
        let plugin = CaloriesLeftPlugin(configuration: .init(), context: context)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await plugin.run() }
            defer { group.cancelAll() }
            try await body(context, heard)
        }
    }

    private func expectNext(
        _ heard: Inbox<String>, _ expected: String, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let next = try await heard.next()
        #expect(next == expected, sourceLocation: sourceLocation)
    }

    private func finished() -> WorkoutStateChanged {
        WorkoutStateChanged(workoutID: 1, state: .finished, previous: .running)
    }

    @Test func aWorkoutsEndSaysWhatIsLeftAndStatusNowHasIt() async throws {
        let ledger = TestLedger()
        ledger.eaten.withLock { $0 = 1000 }
        try await withPlugin(ledger) { context, heard in
            // 1,319 × 1.2 = 1,582.8: 1,583, less 1,000 eaten.
            try await expectNext(heard, "status 583 calories left today")
            ledger.burned.withLock { $0 = 400 }
            context.bus.publish(finished())
            try await expectNext(heard, "status 983 calories left today")
            try await expectNext(heard, "say You have 983 calories left today.")
        }
    }

    @Test func anotherPersonChosenOrAWeighingIsInStatusNowAtOnce() async throws {
        let ledger = TestLedger()
        ledger.eaten.withLock { $0 = 1000 }
        try await withPlugin(ledger) { context, heard in
            try await expectNext(heard, "status 583 calories left today")
            // The next person has eaten less: their part, not the last person's, without waiting for the refresh.
            ledger.eaten.withLock { $0 = 400 }
            context.bus.publish(StoreChanged(section: .profile))
            try await expectNext(heard, "status 1183 calories left today")
            // A section that is not the person's budget changes nothing.
            context.bus.publish(StoreChanged(section: .devices))
            context.bus.publish(Announcement("marker"))
            try await expectNext(heard, "say marker")
        }
    }

    @Test func overTheTargetIsSaidSo() async throws {
        let ledger = TestLedger(goal: "lose 0.5")
        ledger.eaten.withLock { $0 = 1400 }
        try await withPlugin(ledger) { context, heard in
            // 1,582.8 − 550 = 1,032.8, under a woman's floor of 1,200.
            try await expectNext(heard, "status 200 calories over today's target")
            context.bus.publish(finished())
            _ = try await heard.next()
            try await expectNext(heard, "say You are 200 calories over today's target.")
        }
    }

    @Test func aPersonWhoKeepsNoFoodLogHearsNothing() async throws {
        try await withPlugin(TestLedger()) { context, heard in
            try await expectNext(heard, "status ")
            context.bus.publish(finished())
            try await expectNext(heard, "status ")
            context.bus.publish(Announcement("marker"))
            // Nothing said before the marker.
            try await expectNext(heard, "say marker")
        }
    }

    @Test func todayIsSaidOnRequestWithTheWeightAndItsTrend() async throws {
        // Weighed every week for four weeks, 62 down to 61 kg: 0.25 a week, said to a tenth.
        let start = Date(timeIntervalSince1970: 1_790_000_000 - 28 * 86_400)
        let weighings = (0...4).map { week in
            WeightEntry(
                measuredAt: start.addingTimeInterval(Double(week) * 7 * 86_400), day: "",
                kilograms: 62 - 0.25 * Double(week))
        }
        let ledger = TestLedger(weighings: weighings)
        ledger.eaten.withLock { $0 = 1000 }
        try await withPlugin(ledger) { context, heard in
            try await expectNext(heard, "status 583 calories left today")
            context.bus.publish(TodayRequested(source: "console"))
            // 0.25 to a tenth: 0.3 (rounded half away from zero).
            try await expectNext(
                heard, "say Today you ate 1000 of 1583 calories: 583 left. Weight 61.0 kilograms, down 0.3 a week.")
        }
        // Nobody who keeps no log still gets an answer when they ask.
        try await withPlugin(TestLedger()) { context, heard in
            try await expectNext(heard, "status ")
            context.bus.publish(TodayRequested(source: "buttons"))
            try await expectNext(heard, "say Today you ate 0 of 1583 calories: 1583 left.")
        }
    }

    @Test func theWeekIsSaidOnRequestWithTheLoggedDaysAgainstTheirTargetsAndTheWeightsChange() async throws {
        // Weighed 6 days ago, 3 days ago and this morning (the manual clock's now): 80.0, 79.9 and 79.7 kg. The
        // line through them falls 0.35 kg a week, 0.3 kg over the 6 days; a weighing 8 days ago is not this week's.
        let now = ManualClock().now
        let weighings = [(8.0, 81.0), (6.0, 80.0), (3.0, 79.9), (0.0, 79.7)].map { daysAgo, kilograms in
            WeightEntry(measuredAt: now.addingTimeInterval(-daysAgo * 86_400), day: "", kilograms: kilograms)
        }
        let ledger = TestLedger(weighings: weighings)
        // The test ledger logs its 1,000 kcal on the first day asked for: one logged day of the 7, whose target is
        // the sedentary 1,583 (1,319 × 1.2).
        ledger.eaten.withLock { $0 = 1000 }
        try await withPlugin(ledger) { context, heard in
            try await expectNext(heard, "status 583 calories left today")
            context.bus.publish(TodayRequested(source: "console", span: .week))
            try await expectNext(
                heard,
                "say Over the last 7 days, on the 1 day logged, you ate on average 1000 of 1583 calories a day. "
                    + "Weight down 0.3 kilograms.")
        }
    }
}
