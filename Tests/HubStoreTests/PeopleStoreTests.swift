import Foundation
import HubStore
import HubTestKit
import Testing

/// Several people on one hub: names checked, the current person's records apart, removal of theirs only.
@Suite struct PeopleStoreTests {
    let directory: TemporaryDirectory
    let store: HubStore
    let start = Date(timeIntervalSince1970: 1_793_500_000)

    init() throws {
        directory = try TemporaryDirectory()
        store = try HubStore(directory: directory.url)
    }

    static let sam = Profile(
        name: "Sam", birthDate: "1985-02-03", gender: .male, heightCentimeters: 181, weightKilograms: 80.5,
        ftpWatts: 250)

    @Test(arguments: [
        ("", "cannot be empty"),
        ("   \t ", "cannot be empty"),
        (String(repeating: "x", count: 10_000), "at most 60 characters"),
        (String(repeating: "é", count: 61), "at most 60 characters"),
        ("\u{1}\u{2}\u{7F}", "control characters"),
        ("Al\u{1B}[2Jex", "control characters"),
        ("\u{FEFF}", "cannot be empty or only invisible characters"),
        ("\u{200D}\u{2060}", "cannot be empty or only invisible characters"),
        ("Eve\u{202E}live", "turn the text around"),
        ("\u{FFFD}\u{FFFD}", "not UTF-8 text"),
    ])
    func aBadNameIsRefusedWithAClearMessageAndNothingIsWritten(name: String, message: String) async throws {
        try await store.addPerson(named: "Alex")
        let error = try await #require(throws: HubStoreError.self) { try await store.addPerson(named: name) }
        #expect(error.isRefused)
        #expect(error.description.contains(message), "\(error)")
        #expect(try await store.people().map(\.name) == ["Alex"])

        let renaming = try await #require(throws: HubStoreError.self) {
            try await store.renamePerson("Alex", to: name)
        }
        #expect(renaming.description.contains(message), "\(renaming)")
        #expect(try await store.people().map(\.name) == ["Alex"])
    }

    @Test func aNameInAnyScriptOrWithAnEmojiIsKept() async throws {
        // The emoji holds a zero-width joiner, a format character like U+FEFF: with letters it is no blank name.
        for name in ["🏋️‍♀️ Zoë", "مريم", "José"] {
            #expect(try await store.addPerson(named: name).name == name)
        }
        #expect(try await store.people().count == 3)
    }

    @Test func aNameIsTrimmedAndSixtyCharactersAreEnough() async throws {
        let long = String(repeating: "é", count: 60)
        #expect(try await store.addPerson(named: "  \(long)\n").name == long)
        #expect(try await store.person(named: long.uppercased())?.name == long)
    }

    @Test(arguments: ["alex", "ALEX", " Alex "])
    func anotherPersonsNameIsTakenWhateverItsCase(name: String) async throws {
        try await store.addPerson(named: "Alex")
        let error = try await #require(throws: HubStoreError.self) { try await store.addPerson(named: name) }
        #expect(error.isRefused)
        #expect(error.description.contains("already a person called \"Alex\""), "\(error)")
        #expect(try await store.people().count == 1)
    }

    @Test func lettersBeyondAToZAreTheSameWhateverTheirCaseToo() async throws {
        try await store.addPerson(named: "Émile")
        await #expect(throws: HubStoreError.self) { try await store.addPerson(named: "éMILE") }
        try await store.addPerson(named: "Zoë")
        await #expect(throws: HubStoreError.self) { try await store.renamePerson("Zoë", to: "ÉMILE") }
        // A person may change the case of their own name.
        #expect(try await store.renamePerson("zoë", to: "ZOË").name == "ZOË")
    }

    @Test func renamingOrUsingOrRemovingNobodyIsNotFound() async throws {
        try await store.addPerson(named: "Alex")
        for attempt in [
            { try await store.renamePerson("Kim", to: "Kit") as Any },
            { try await store.setCurrentPerson(named: "Kim") as Any },
            { try await store.removePerson(named: "Kim") as Any },
        ] as [@Sendable () async throws -> Any] {
            let error = try await #require(throws: HubStoreError.self) { _ = try await attempt() }
            #expect(error.isNotFound)
            #expect(error.description.contains("nobody called \"Kim\""), "\(error)")
        }
    }

    @Test func thePersonAddedWithAProfileHasItAndOneAddedByNameAloneHasNone() async throws {
        let sam = try await store.addPerson(named: "Sam", profile: Self.sam)
        #expect(sam.profile == Self.sam && sam.isCurrent)
        #expect(try await store.profile() == Self.sam)
        try await store.addPerson(named: "Kim")
        try await store.setCurrentPerson(named: "Kim")
        #expect(try await store.profile() == nil)
        #expect(try await store.currentPerson()?.name == "Kim")
    }

    @Test func savingAProfileWithNobodyMakesTheFirstPersonAndThenChangesTheCurrentOne() async throws {
        try await store.saveProfile(Self.sam)
        #expect(try await store.people().map(\.name) == ["Sam"])
        try await store.addPerson(named: "Kim")
        try await store.setCurrentPerson(named: "Kim")
        var kim = Self.sam
        kim.name = "Kim"
        try await store.saveProfile(kim)
        #expect(try await store.person(named: "Kim")?.profile == kim)
        #expect(try await store.person(named: "Sam")?.profile == Self.sam)

        kim.name = "SAM"
        let error = try await #require(throws: HubStoreError.self) { try await store.saveProfile(kim) }
        #expect(error.isRefused)
        // Clearing the profile keeps the person and what is theirs.
        #expect(try await store.deleteProfile())
        #expect(try await store.profile() == nil)
        #expect(try await store.people().map(\.name) == ["Sam", "Kim"])
    }

    @Test func newRecordsAreTheCurrentPersonsAndReadsShowOnlyTheirs() async throws {
        try await store.addPerson(named: "Alex")
        try await store.addPerson(named: "Sam")
        try await record(for: "Alex", workouts: 2, heartRateAt: 0)
        try await record(for: "Sam", workouts: 1, heartRateAt: 3600)

        try await store.setCurrentPerson(named: "Alex")
        #expect(try await store.workouts().count == 2)
        #expect(try await store.activeGoal() == Goal(kind: .distance, target: 2_000))
        #expect(try await store.reminders().map(\.title) == ["Alex's run"])
        let day = Date(timeIntervalSince1970: 1_793_491_200)
        #expect(
            try await store.heartRate(from: day, to: day.addingTimeInterval(7200), maxPoints: 2).map(\.count) == [60])

        try await store.setCurrentPerson(named: "Sam")
        #expect(try await store.workouts().count == 1)
        #expect(try await store.activeGoal() == Goal(kind: .distance, target: 1_000))
        #expect(try await store.reminders().map(\.title) == ["Sam's run"])
        #expect(
            try await store.heartRate(from: day, to: day.addingTimeInterval(7200), maxPoints: 2).map(\.start)
                == [day.addingTimeInterval(3600)])
    }

    @Test func removingAPersonDeletesTheirsOnlyAndSaysHowMuch() async throws {
        try await store.addPerson(named: "Alex")
        try await store.addPerson(named: "Sam")
        try await record(for: "Alex", workouts: 2, heartRateAt: 0)
        try await record(for: "Sam", workouts: 1, heartRateAt: 0)
        let before = try await store.rowCounts()

        let sam = try #require(try await store.person(named: "Sam"))
        let expected = PersonBelongings(workouts: 1, goals: 1, reminders: 1, heartRateHours: 1)
        #expect(try await store.belongings(of: sam.id) == expected)
        #expect(try await store.removePerson(named: "sam") == expected)

        #expect(try await store.people().map(\.name) == ["Alex"])
        let after = try await store.rowCounts()
        #expect(after["workouts"] == 2 && after["goals"] == 1 && after["reminders"] == 1)
        #expect(after["workout_samples"] == (before["workout_samples"] ?? 0) - 1)
        #expect(after["heart_rate_blocks"] == 1 && after["heart_rate_hours"] == 1)
        // Sam was the current person: the first one left is now.
        #expect(try await store.currentPerson()?.name == "Alex")
        #expect(try await store.workouts().count == 2)
        let day = Date(timeIntervalSince1970: 1_793_491_200)
        #expect(
            try await store.heartRate(from: day, to: day.addingTimeInterval(3600), maxPoints: 1).map(\.count) == [60])
    }

    @Test func removingAPersonWhoseWorkoutIsBeingRecordedIsRefusedAndDeletesNothing() async throws {
        try await store.addPerson(named: "Alex")
        try await store.addPerson(named: "Sam")
        try await store.setCurrentPerson(named: "Sam")
        let running = try await store.startWorkout(at: start, goal: nil)
        // Whose the next workout is may change meanwhile; the one being recorded stays Sam's.
        try await store.setCurrentPerson(named: "Alex")

        let error = try await #require(throws: HubStoreError.self) { try await store.removePerson(named: "Sam") }
        #expect(error.isRefused)
        #expect(error.description.contains("workout \(running) is being recorded"), "\(error)")
        #expect(error.description.contains("Stop the workout first"), "\(error)")
        #expect(try await store.people().count == 2)
        #expect(try await store.workout(running) != nil)

        try await store.finishWorkout(running, at: start.addingTimeInterval(60), totals: WorkoutTotals())
        #expect(try await store.removePerson(named: "Sam").workouts == 1)
        #expect(try await store.workout(running) == nil)
    }

    @Test func choosingTheNextPersonDuringAWorkoutLeavesItWithThePersonTrainingUntilItEnds() async throws {
        try await store.addPerson(
            named: "Alex",
            profile: Profile(
                name: "Alex", birthDate: "1990-04-21", gender: .female, heightCentimeters: 170, weightKilograms: 62))
        try await store.addPerson(named: "Sam", profile: Self.sam)
        try await store.setCurrentPerson(named: "Alex")
        try await store.setActiveGoal(Goal(kind: .distance, target: 5_000))
        let workout = try await store.startWorkout(at: start, goal: nil)

        let sam = try await store.setCurrentPerson(named: "Sam")
        #expect(!sam.isCurrent)
        #expect(try await store.currentPerson()?.name == "Alex")
        #expect(try await store.profile()?.weightKilograms == 62)
        #expect(try await store.activeGoal() == Goal(kind: .distance, target: 5_000))
        try await store.logHeartRate([HeartRateSecond(second: 1_793_491_200, beatsPerMinute: 150)])
        let alex = try #require(try await store.person(named: "Alex"))
        #expect(try await store.belongings(of: alex.id).heartRateHours == 1)

        let during = try await store.changeVersions()
        try await store.finishWorkout(workout, at: start.addingTimeInterval(60), totals: WorkoutTotals())
        // A running hub reads Sam's profile, goal and reminders now: the hand-over counts as their change.
        let after = try await store.changeVersions()
        for section in [StoreSection.profile, .goals, .reminders] {
            #expect(after[section] == (during[section] ?? 0) + 1, "\(section)")
        }
        #expect(try await store.currentPerson()?.name == "Sam")
        #expect(try await store.profile() == Self.sam)
        #expect(try await store.activeGoal() == nil)
        let next = try await store.startWorkout(at: start.addingTimeInterval(120), goal: nil)
        #expect(try await store.workouts().map(\.id) == [next])
        #expect(try await store.belongings(of: alex.id).workouts == 1)

        // With no one else chosen, a workout that ends hands nothing over, and counts no change.
        try await store.finishWorkout(next, at: start.addingTimeInterval(180), totals: WorkoutTotals())
        #expect(try await store.changeVersions() == after)
    }

    /// Makes `name` current and gives them `workouts` workouts (one sample each), a goal, a reminder and a minute of
    /// all-day heart rate `heartRateAt` seconds after 2026-11-01 00:00 UTC.
    private func record(for name: String, workouts: Int, heartRateAt offset: Int64) async throws {
        try await store.setCurrentPerson(named: name)
        for number in 0..<workouts {
            let began = start.addingTimeInterval(Double(number) * 3600)
            let id = try await store.startWorkout(at: began, goal: nil)
            let sample = WorkoutSample(
                second: 1, recordedAt: began, heartRate: 120, latitude: nil, longitude: nil, speedMetersPerSecond: nil,
                distanceMeters: 3, kilocalories: 1, steps: nil)
            try await store.recordSamples([sample], totals: WorkoutTotals(), of: id)
            try await store.finishWorkout(id, at: began.addingTimeInterval(60), totals: WorkoutTotals())
        }
        try await store.setActiveGoal(Goal(kind: .distance, target: Double(workouts) * 1_000))
        _ = try await store.addReminder(
            Reminder(title: "\(name)'s run", time: TimeOfDay(hour: 7, minute: 0) ?? .midnight, weekdays: .everyDay))
        try await store.logHeartRate(
            (0..<Int64(60)).map { HeartRateSecond(second: 1_793_491_200 + offset + $0, beatsPerMinute: 130) })
    }
}
