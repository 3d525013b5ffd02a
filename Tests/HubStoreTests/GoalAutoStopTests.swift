import Foundation
import HubTestKit
import Testing

@testable import HubStore

/// The goal's auto-stop switch (`stayfit goals enable|disable`), and "v7: goal auto-stop switch".
@Suite struct GoalAutoStopTests {
    let directory: TemporaryDirectory
    let store: HubStore

    init() throws {
        directory = try TemporaryDirectory()
        store = try HubStore(directory: directory.url.appendingPathComponent("data"))
    }

    @Test func isOffUntilEnabledAndCanBeTurnedOffAgain() async throws {
        try await store.setActiveGoal(Goal(kind: .distance, target: 5_000))
        #expect(try await store.goalAutoStop() == false)
        #expect(try await store.setGoalAutoStop(true))
        #expect(try await store.goalAutoStop())
        #expect(try await store.setGoalAutoStop(false))
        #expect(try await store.goalAutoStop() == false)
    }

    @Test func cannotBeEnabledWithoutAGoal() async throws {
        #expect(try await store.setGoalAutoStop(true) == false)
        #expect(try await store.goalAutoStop() == false)
        #expect(try await store.rowCounts()["goals"] == 0, "enabling stores nothing without a goal")
    }

    @Test func aNewGoalKeepsTheSwitchAndClearingTheGoalTurnsItOff() async throws {
        try await store.setActiveGoal(Goal(kind: .distance, target: 5_000))
        try await store.setGoalAutoStop(true)
        try await store.setActiveGoal(Goal(kind: .duration, target: 1_800))
        #expect(try await store.goalAutoStop())

        try await store.setActiveGoal(nil)
        #expect(try await store.goalAutoStop() == false)
        try await store.setActiveGoal(Goal(kind: .steps, target: 8_000))
        #expect(try await store.goalAutoStop() == false)
    }

    @Test func switchingItCountsAsAGoalsChange() async throws {
        try await store.setActiveGoal(Goal(kind: .kcal, target: 400))
        let before = try #require(try await store.changeVersions()[.goals])
        try await store.setGoalAutoStop(true)
        #expect(try await store.changeVersions()[.goals] == before + 1)
    }

    @Test func resetRemovesTheGoalItsSwitchAndTheProfile() async throws {
        try await store.saveProfile(
            Profile(name: "Alex", birthDate: "1990-04-21", gender: .male, heightCentimeters: 180, weightKilograms: 75))
        try await store.setActiveGoal(Goal(kind: .steps, target: 8_000))
        try await store.setGoalAutoStop(true)

        try await store.deleteAllUserData()

        #expect(try await store.profile() == nil)
        #expect(try await store.activeGoal() == nil)
        #expect(try await store.goalAutoStop() == false)
        #expect(try await store.rowCounts()["goals"] == 0)
    }

    @Test func aGoalStoredBeforeTheSwitchExistedOnlyShowsProgress() async throws {
        let old = try TemporaryDirectory()
        try Schema.makeDatabase(
            at: old.url.appendingPathComponent(HubStore.fileName).path,
            upTo: "v6: simulated workouts, boot time of the last saved second",
            then: "INSERT INTO goals (kind, target, created_at, active) VALUES ('distance', 5000, 1795000000, 1)")

        let migrated = try HubStore(directory: old.url)

        #expect(try await migrated.activeGoal() == Goal(kind: .distance, target: 5_000))
        #expect(try await migrated.goalAutoStop() == false)
        #expect(try await migrated.setGoalAutoStop(true))
        #expect(try await migrated.goalAutoStop())
    }
}
