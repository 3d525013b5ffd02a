import Foundation
import HubCore
import HubTestKit
import Testing

/// The engine over HubTestKit's in-memory workout log: the seam it writes through, without a database.
@Suite struct WorkoutEngineInMemoryTests {
    @Test func writesEachSecondAndTheFinishToTheLog() async throws {
        let clock = ManualClock()
        let log = InMemoryWorkoutLog()
        let context = PluginContext.test(storage: log, clock: clock)
        let engine = WorkoutEngine(settings: WorkoutSettings(), context: context)
        let states = context.bus.inbox(of: WorkoutStateChanged.self, subscriber: "test")
        let progress = context.bus.inbox(of: WorkoutProgress.self, subscriber: "test")
        let stored = context.bus.inbox(of: WorkoutStored.self, subscriber: "test")
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await engine.run() }
            context.bus.publish(WorkoutCommand(.start))
            let id = try #require(try await states.next().workoutID)
            for second in 1...3 {
                clock.advance(by: .seconds(1))
                #expect(try await progress.next().totals.movingSeconds == second)
            }
            context.bus.publish(WorkoutCommand(.stop))
            #expect(try await states.next().state == .finished)
            context.bus.publish(StoreWorkoutCommand(token: 1))
            #expect(try await stored.next().token == 1)

            #expect(try await log.samples(of: id).map(\.second) == [1, 2, 3])
            let workout = try #require(log.workout(id))
            #expect(workout.status == .finished)
            #expect(workout.totals.movingSeconds == 3)
            #expect(try await log.unfinishedWorkout() == nil)
            group.cancelAll()
        }
    }

    @Test func failsItsRunWhenTheStorageKeepsNoWorkouts() async throws {
        let context = PluginContext.test(storage: InMemoryReminderBook())
        let engine = WorkoutEngine(settings: WorkoutSettings(), context: context)
        await #expect(throws: StorageUnavailable.self) { try await engine.run() }
    }
}
