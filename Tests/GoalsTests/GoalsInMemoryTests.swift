import Foundation
import HubCore
import HubTestKit
import Testing

@testable import Goals

/// The plugin over HubTestKit's in-memory goal store, beside an engine over an in-memory workout log: the three
/// calls it makes of the store, without a database.
@Suite struct GoalsInMemoryTests {
    @Test func readsTheGoalFromItsStoreAndStoresItWithTheWorkoutItStarts() async throws {
        let clock = ManualClock()
        let goal = Goal(kind: .duration, target: 3)
        let goals = InMemoryGoalStore(goal: goal, autoStop: true)
        let context = PluginContext.test(storage: InMemoryWorkoutLog(), clock: clock)
        let engine = WorkoutEngine(settings: WorkoutSettings(), context: context)
        let (steps, continuation) = AsyncStream.makeStream(of: GoalsPlugin.Step.self)
        let plugin = GoalsPlugin(context: context, store: goals, trace: { continuation.yield($0) })
        let states = context.bus.inbox(of: WorkoutStateChanged.self, subscriber: "test")
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await engine.run() }
            group.addTask { try await plugin.run() }
            var applied: GoalSettings?
            while applied == nil {
                if case .settingsApplied(let settings) = try await steps.next() { applied = settings }
            }
            #expect(applied == GoalSettings(goal: goal, autoStop: true))

            context.bus.publish(WorkoutCommand(.start))
            let id = try #require(try await states.next().workoutID)
            // The goal is stored with the workout's first second.
            clock.advance(by: .seconds(1))
            var storedFor: WorkoutID?
            while storedFor == nil {
                if case .goalStored(_, let workout) = try await steps.next() { storedFor = workout }
            }
            #expect(storedFor == id)
            #expect(goals.goal(of: id) == .some(goal))
            group.cancelAll()
        }
    }
}
