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

    @Test func aNewStoreIsMigratedAndEmpty() throws {
        #expect(try store.rowCounts() == [
            "profile": 0, "goals": 0, "workouts": 0, "workout_pauses": 0, "workout_laps": 0, "workout_samples": 0,
            "heart_rate_blocks": 0, "heart_rate_minutes": 0, "heart_rate_hours": 0, "devices": 0,
        ])
        #expect(try store.changeVersions() == [.profile: 0, .goals: 0, .devices: 0])
        #expect(try store.profile() == nil)
        #expect(try store.activeGoal() == nil)
        #expect(try store.unfinishedWorkout() == nil)
        let header = try Data(contentsOf: URL(fileURLWithPath: store.path)).prefix(16)
        #expect(String(decoding: header, as: UTF8.self) == "SQLite format 3\0")
    }

    @Test func reopeningAStoreKeepsItsDataAndDoesNotMigrateAgain() throws {
        try store.saveProfile(Self.alex)
        let reopened = try HubStore(directory: directory.url.appendingPathComponent("data"))
        #expect(try reopened.profile() == Self.alex)
        #expect(try reopened.changeVersions()[.profile] == 1)
    }

    @Test func theDatabaseIsReadableOnlyByItsOwner() throws {
        let files = FileManager.default
        let fileMode = try #require(try files.attributesOfItem(atPath: store.path)[.posixPermissions] as? Int)
        #expect(fileMode & 0o777 == 0o600)
        let directoryMode = try #require(
            try files.attributesOfItem(atPath: directory.url.appendingPathComponent("data").path)[.posixPermissions] as? Int)
        #expect(directoryMode & 0o777 == 0o700)
        #expect(store.path == directory.url.appendingPathComponent("data/stayfit.sqlite").path)
    }

    @Test func aFileThatIsNotADatabaseIsAnError() throws {
        let broken = directory.url.appendingPathComponent("broken")
        try FileManager.default.createDirectory(at: broken, withIntermediateDirectories: true)
        try Data(repeating: 0x41, count: 4096).write(to: broken.appendingPathComponent(HubStore.fileName))
        let error = try #require(throws: HubStoreError.self) { try HubStore(directory: broken) }
        #expect(error.path.hasSuffix("broken/stayfit.sqlite"))
        #expect(error.description.contains("not a usable StayFit database"))
    }

    @Test func savingAProfileReplacesTheEarlierOne() throws {
        try store.saveProfile(Self.alex)
        #expect(try store.profile() == Self.alex)

        var changed = Self.alex
        changed.name = "Alex B."
        changed.gender = .other
        changed.weightKilograms = 60
        changed.heartRateMonitoring = false
        try store.saveProfile(changed)
        #expect(try store.profile() == changed)
        #expect(try store.rowCounts()["profile"] == 1)
    }

    @Test func theNewestGoalIsActiveAndEarlierOnesAreKeptInactive() throws {
        try store.setActiveGoal(Goal(kind: .distance, target: 5_000))
        try store.setActiveGoal(Goal(kind: .kcal, target: 400))
        #expect(try store.activeGoal() == Goal(kind: .kcal, target: 400))
        #expect(try store.rowCounts()["goals"] == 2)

        try store.setActiveGoal(nil)
        #expect(try store.activeGoal() == nil)
        #expect(try store.rowCounts()["goals"] == 2)
    }

    @Test func changesByAnotherConnectionBumpTheChangeVersions() throws {
        let other = try HubStore(directory: directory.url.appendingPathComponent("data"))
        let before = try store.changeVersions()

        try other.saveProfile(Self.alex)
        let afterProfile = try store.changeVersions()
        #expect(try #require(afterProfile[.profile]) > before[.profile] ?? 0)
        #expect(afterProfile[.goals] == before[.goals])

        try other.setActiveGoal(Goal(kind: .steps, target: 8_000))
        let afterGoal = try store.changeVersions()
        #expect(try #require(afterGoal[.goals]) > afterProfile[.goals] ?? 0)
        #expect(afterGoal[.profile] == afterProfile[.profile])
        #expect(try store.activeGoal() == Goal(kind: .steps, target: 8_000))
    }

    @Test func workoutsDoNotBumpTheChangeVersions() throws {
        let before = try store.changeVersions()
        let id = try store.startWorkout(at: Date(timeIntervalSince1970: 1_000), goal: nil)
        try store.finishWorkout(id, at: Date(timeIntervalSince1970: 2_000), totals: WorkoutTotals())
        #expect(try store.changeVersions() == before)
    }
}

@Suite struct HubStoreFileTests {
    @Test func theWriteAheadLogIsReadableOnlyByItsOwnerToo() throws {
        let directory = try TemporaryDirectory()
        let store = try HubStore(directory: directory.url)
        try store.setActiveGoal(Goal(kind: .kcal, target: 300))
        let wal = store.path + "-wal"
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: wal)[.posixPermissions] as? Int)
        #expect(mode & 0o777 == 0o600)
    }
}
