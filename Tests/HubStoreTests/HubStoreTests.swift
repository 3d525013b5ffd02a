import Foundation
import HubStore
import HubTestKit
import Testing

@Suite struct HubStoreTests {
    let directory: TemporaryDirectory
    let store: HubStore

    init() throws {
        directory = try TemporaryDirectory()
        store = try HubStore(directory: directory.url.appendingPathComponent("data"))
    }

    static let alex = Profile(
        name: "Alex", birthDate: "1990-04-21", gender: .female, heightCentimeters: 170, weightKilograms: 62.5,
        heartRateMonitoring: true)

    @Test func aNewStoreIsMigratedAndEmpty() async throws {
        #expect(
            try await store.rowCounts() == [
                "goals": 0, "workouts": 0, "workout_pauses": 0, "workout_laps": 0, "workout_samples": 0,
                "heart_rate_blocks": 0, "heart_rate_minutes": 0, "heart_rate_hours": 0, "devices": 0,
                "reminders": 0, "workout_program_steps": 0, "people": 0, "settings": 0, "food_log": 0,
                "own_foods": 0, "favourite_foods": 0, "weights": 0, "person_straps": 0,
            ])
        #expect(try await store.changeVersions() == [.profile: 0, .goals: 0, .devices: 0, .reminders: 0])
        #expect(try await store.profile() == nil)
        #expect(try await store.activeGoal() == nil)
        #expect(try await store.unfinishedWorkout() == nil)
        let header = try Data(contentsOf: URL(fileURLWithPath: store.path)).prefix(16)
        #expect(String(decoding: header, as: UTF8.self) == "SQLite format 3\0")
    }

    @Test func reopeningAStoreKeepsItsDataAndDoesNotMigrateAgain() async throws {
        try await store.saveProfile(Self.alex)
        let reopened = try HubStore(directory: directory.url.appendingPathComponent("data"))
        #expect(try await reopened.profile() == Self.alex)
        #expect(try await reopened.changeVersions()[.profile] == 1)
    }

    @Test func theDatabaseIsReadableOnlyByItsOwner() async throws {
        let files = FileManager.default
        let fileMode = try #require(try files.attributesOfItem(atPath: store.path)[.posixPermissions] as? Int)
        #expect(fileMode & 0o777 == 0o600)
        let directoryMode = try #require(
            try files.attributesOfItem(atPath: directory.url.appendingPathComponent("data").path)[.posixPermissions]
                as? Int)
        #expect(directoryMode & 0o777 == 0o700)
        #expect(store.path == directory.url.appendingPathComponent("data/stayfit.sqlite").path)
    }

    @Test func aFileThatIsNotADatabaseIsAnError() async throws {
        let broken = directory.url.appendingPathComponent("broken")
        try FileManager.default.createDirectory(at: broken, withIntermediateDirectories: true)
        try Data(repeating: 0x41, count: 4096).write(to: broken.appendingPathComponent(HubStore.fileName))
        let error = try #require(throws: HubStoreError.self) { try HubStore(directory: broken) }
        #expect(error.path.hasSuffix("broken/stayfit.sqlite"))
        #expect(error.description.contains("not a usable StayFit database"))
    }

    @Test func savingAProfileReplacesTheEarlierOne() async throws {
        try await store.saveProfile(Self.alex)
        #expect(try await store.profile() == Self.alex)

        var changed = Self.alex
        changed.name = "Alex B."
        changed.gender = .other
        changed.weightKilograms = 60
        changed.heartRateMonitoring = false
        try await store.saveProfile(changed)
        #expect(try await store.profile() == changed)
        #expect(try await store.rowCounts()["people"] == 1)
    }

    @Test func theNewestGoalIsActiveAndEarlierOnesAreKeptInactive() async throws {
        try await store.setActiveGoal(Goal(kind: .distance, target: 5_000))
        try await store.setActiveGoal(Goal(kind: .kcal, target: 400))
        #expect(try await store.activeGoal() == Goal(kind: .kcal, target: 400))
        #expect(try await store.rowCounts()["goals"] == 2)

        try await store.setActiveGoal(nil)
        #expect(try await store.activeGoal() == nil)
        #expect(try await store.rowCounts()["goals"] == 2)
    }

    @Test func changesByAnotherConnectionBumpTheChangeVersions() async throws {
        let other = try HubStore(directory: directory.url.appendingPathComponent("data"))
        let before = try await store.changeVersions()

        try await other.saveProfile(Self.alex)
        let afterProfile = try await store.changeVersions()
        #expect(try #require(afterProfile[.profile]) > before[.profile] ?? 0)
        #expect(afterProfile[.goals] == before[.goals])

        try await other.setActiveGoal(Goal(kind: .steps, target: 8_000))
        let afterGoal = try await store.changeVersions()
        #expect(try #require(afterGoal[.goals]) > afterProfile[.goals] ?? 0)
        #expect(afterGoal[.profile] == afterProfile[.profile])
        #expect(try await store.activeGoal() == Goal(kind: .steps, target: 8_000))
    }

    @Test func workoutsDoNotBumpTheChangeVersions() async throws {
        let before = try await store.changeVersions()
        let id = try await store.startWorkout(at: Date(timeIntervalSince1970: 1_000), goal: nil)
        try await store.finishWorkout(id, at: Date(timeIntervalSince1970: 2_000), totals: WorkoutTotals())
        #expect(try await store.changeVersions() == before)
    }
}

@Suite struct HubStoreFileTests {
    @Test func theWriteAheadLogIsReadableOnlyByItsOwnerToo() async throws {
        let directory = try TemporaryDirectory()
        let store = try HubStore(directory: directory.url)
        try await store.setActiveGoal(Goal(kind: .kcal, target: 300))
        let wal = store.path + "-wal"
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: wal)[.posixPermissions] as? Int)
        #expect(mode & 0o777 == 0o600)
    }
}
