import Foundation
import HubCore
import HubTestKit
import ServiceLifecycle
import Testing

/// How the engine uses the profile from the store, and how it stops. (Goals are the goals plugin's: GoalsTests.)
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
            // Keytel by hand (TECHREF §10): a man at 140 bpm, 75 kg, 35 years spends
            // (−55.0969 + 0.6309·140 + 0.1988·75 + 0.2017·35) kJ/min = 55.1986 kJ/min = 13.19278 kcal/min.
            let perSecond = 55.1986 / 4.184 / 60
            try await harness.saved()
            let kilocalories = try await harness.store.samples(of: id).map(\.kilocalories)
            #expect(kilocalories.count == 3)
            for (second, total) in kilocalories.enumerated() {
                #expect(abs(total - perSecond * Double(second + 1)) < 1e-6)
            }
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
