import Foundation
import HubCore
import HubTestKit
import ServiceLifecycle
import Testing

/// How the engine uses the profile and goal from the store, and how it stops.
@Suite struct WorkoutEngineSettingsTests {
    typealias Harness = EngineHarness

    @Test func countsCaloriesForTheStoredProfile() async throws {
        let harness = try Harness()
        // 35 years old on the clock's day, 2026-09-21.
        try await harness.store.saveProfile(
            Profile(name: "Sam", birthDate: "1991-09-21", gender: .male, heightCentimeters: 180, weightKilograms: 75))
        try await harness.run {
            let id = try #require(try await harness.send(.start).workoutID)
            for _ in 1...3 { _ = try await harness.second(heartRate: 140) }
            let man = Calories.Person(weightKilograms: 75, ageYears: 35, gender: .male)
            let perSecond = Calories.keytelKilocaloriesPerMinute(heartRate: 140, person: man) / 60
            try await harness.saved()
            let kilocalories = try await harness.store.samples(of: id).map(\.kilocalories)
            #expect(kilocalories.count == 3)
            for (second, total) in kilocalories.enumerated() {
                #expect(abs(total - perSecond * Double(second + 1)) < 1e-9)
            }
        }
    }

    @Test func aGoalSetDuringAWorkoutAppliesFromTheNextSecond() async throws {
        let harness = try Harness()
        let reached = harness.bus.inbox(of: GoalReached.self)
        let goal = Goal(kind: .duration, target: 3)
        try await harness.run {
            _ = try await harness.send(.start)
            for _ in 1...2 { #expect(try await harness.second().goal == nil) }

            try await harness.store.setActiveGoal(goal)
            harness.bus.publish(StoreChanged(section: .goals))
            let progress = try await harness.second()
            #expect(progress.goal == GoalProgress(goal: goal, value: 3))
            #expect(try await reached.next() == GoalReached(goal: goal))
        }
    }

    @Test func aGoalSetDuringAWorkoutIsStoredWithIt() async throws {
        let harness = try Harness()
        let goal = Goal(kind: .duration, target: 3)
        try await harness.run {
            let id = try #require(try await harness.send(.start).workoutID)
            _ = try await harness.second()
            try await harness.store.setActiveGoal(goal)
            harness.bus.publish(StoreChanged(section: .goals))
            _ = try await harness.second()
            let summary = try #require(try await harness.send(.stop).summary)
            #expect(summary.goal == goal)
            try await harness.saved()
            #expect(try await harness.store.workout(id)?.goal == summary.goal)
        }
    }

    @Test func gracefulShutdownFinishesAndSavesAWorkoutUnderWay() async throws {
        let harness = try Harness()
        let group = ServiceGroup(
            configuration: ServiceGroupConfiguration(services: [.init(service: harness.engine)], logger: quietLogger))
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            let id = try #require(try await harness.send(.start).workoutID)
            for second in 0..<2 { _ = try await harness.second(fix: second, heartRate: 120) }

            await group.triggerGracefulShutdown()
            try await tasks.waitForAll()

            let finished = try await harness.states.next()
            #expect(finished.state == .finished)
            // No wait: the engine returns only once its writer has stored the finished workout.
            let stored = try #require(try await harness.store.workout(id))
            #expect(stored.status == .finished)
            #expect(stored.endedAt == Date.testStart(plus: 2))
            #expect(stored.totals.movingSeconds == 2)
            #expect(try await harness.store.samples(of: id).count == 2)
        }
    }
}
