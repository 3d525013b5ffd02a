import Foundation
import HubCore
import HubTestKit
import Testing

@testable import Goals

/// The goal of every workout: read from the store, stored with the workout, judged every second.
@Suite struct GoalsPluginTests {
    typealias Harness = GoalsHarness

    @Test func announcesAReachedGoalOnceAndStoresItWithTheWorkout() async throws {
        let harness = try Harness()
        let goal = Goal(kind: .duration, target: 3)
        try await harness.store.setActiveGoal(goal)
        try await harness.run {
            let id = try #require(try await harness.send(.start).workoutID)
            var percents: [Int] = []
            for _ in 1...6 {
                _ = try await harness.second()
                percents.append(try await harness.goals.next().percent)
            }
            #expect(percents == [33, 66, 100, 100, 100, 100])
            let stored = try await harness.goalStored()
            #expect(stored.goal == goal)
            #expect(stored.workout == id)
            #expect(try await harness.store.workout(id)?.goal == goal)
        }

        // Published after the workout, so every GoalReached the plugin sent comes before it.
        let sentinel = GoalReached(goal: Goal(kind: .kcal, target: 1))
        harness.bus.publish(sentinel)
        await confirmation("GoalReached published", expectedCount: 1) { confirm in
            for await message in harness.reached {
                if message == sentinel { break }
                #expect(message.goal == goal)
                confirm()
            }
        }
    }

    @Test func aGoalSetDuringAWorkoutAppliesFromTheNextSecondAndIsStoredWithIt() async throws {
        let harness = try Harness()
        let goal = Goal(kind: .duration, target: 3)
        try await harness.run {
            let id = try #require(try await harness.send(.start).workoutID)
            for _ in 1...2 { _ = try await harness.second() }

            try await harness.store.setActiveGoal(goal)
            harness.bus.publish(StoreChanged(section: .goals))
            #expect(try await harness.settingsApplied().goal == goal)
            let stored = try await harness.goalStored()
            #expect(stored.goal == goal)
            #expect(stored.workout == id)
            _ = try await harness.second()
            // The first progress towards the goal is the third second's: there was none before the goal was set.
            #expect(try await harness.goals.next() == GoalProgress(workoutID: id, goal: goal, value: 3))
            #expect(try await harness.reached.next() == GoalReached(goal: goal))

            let summary = try #require(try await harness.send(.stop).summary)
            try await harness.saved()
            #expect(try await harness.store.workout(id)?.goal == goal)
            #expect(summary.totals.movingSeconds == 3)
        }
    }

    @Test func aWorkoutWithoutAGoalPublishesNoGoalProgressAndStoresNoGoal() async throws {
        let harness = try Harness()
        try await harness.run {
            let id = try #require(try await harness.send(.start).workoutID)
            for _ in 1...3 { _ = try await harness.second() }
            _ = try await harness.send(.stop)
            try await harness.saved()
            #expect(try await harness.store.workout(id)?.goal == nil)
        }
        // Published after the workout: the first GoalProgress the test sees is this one.
        let sentinel = GoalProgress(workoutID: 99, goal: Goal(kind: .steps, target: 1), value: 0)
        harness.bus.publish(sentinel)
        #expect(try await harness.goals.next() == sentinel)
    }

    @Test func isOnByDefaultAndTakesNoKeysOfItsOwn() throws {
        #expect(GoalsPlugin.capabilities.contains(.onByDefault))
        let registry = PluginRegistry([GoalsPlugin.self])
        let none = try HubConfiguration(text: "", file: "stayfit.toml")
        #expect(try registry.enabledTables(in: none).keys.contains("goals"))
        let off = try HubConfiguration(text: "[plugins.goals]\nenabled = false\n", file: "stayfit.toml")
        #expect(try registry.enabledTables(in: off).isEmpty)
        let unknown = try HubConfiguration(text: "[plugins.goals]\nauto-stop = true\n", file: "stayfit.toml")
        let (context, _) = try PluginContext.test()
        #expect(throws: ConfigurationError.self) { try registry.build(unknown) { _ in context } }
    }
}

/// A workout the engine resumes after a crash keeps the goal stored with it.
@Suite struct GoalsResumedWorkoutTests {
    @Test func aResumedWorkoutKeepsItsStoredGoalAndStopsThereWithoutSayingHalfwayAgain() async throws {
        let harness = try GoalsHarness()
        // The person has since set another goal: the next workout aims at it, not the resumed one.
        let active = Goal(kind: .duration, target: 80), started = Goal(kind: .duration, target: 62)
        try await harness.store.setActiveGoal(active)
        #expect(try await harness.store.setGoalAutoStop(true))
        // Started 100 s before the clock's now with that goal; 60 seconds stored, the last 40 s ago.
        let start = Date(timeIntervalSince1970: 1_790_000_000 - 100)
        let id = try await harness.store.startWorkout(at: start, goal: started)
        let samples = (1...60).map { second in
            WorkoutSample(
                second: second, recordedAt: start.addingTimeInterval(Double(second)), heartRate: 130, latitude: nil,
                longitude: nil, speedMetersPerSecond: nil, distanceMeters: 0, kilocalories: 0, steps: nil)
        }
        var totals = WorkoutTotals()
        totals.movingSeconds = 60
        try await harness.store.recordSamples(samples, totals: totals, of: id)

        try await harness.run {
            let resumed = try await harness.states.next()
            #expect(resumed == WorkoutStateChanged(workoutID: id, state: .running, previous: .idle, kind: .run))
            _ = try await harness.second()
            #expect(try await harness.goals.next() == GoalProgress(workoutID: id, goal: started, value: 61))
            _ = try await harness.second()
            let stopped = try await harness.states.next()
            #expect(stopped.state == .finished)
            #expect(stopped.summary?.totals.movingSeconds == 62)

            // The next workout stores the active goal: the first goal the plugin stores is that one.
            let next = try #require(try await harness.send(.start).workoutID)
            _ = try await harness.second()
            let stored = try await harness.goalStored()
            #expect(stored.goal == active)
            #expect(stored.workout == next)
            try await harness.saved()
            #expect(try await harness.store.workout(id)?.goal == started)
        }
        let texts = try await harness.announcements(through: "Workout finished")
        #expect(texts.first?.hasPrefix("Resumed the workout interrupted") == true, "\(texts)")
        #expect(Array(texts.dropFirst().dropLast()) == ["Goal reached: duration 1:02. Workout stopped and saved."])
    }
}
