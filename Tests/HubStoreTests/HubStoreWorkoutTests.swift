import Foundation
import HubStore
import HubTestKit
import Testing

@Suite struct HubStoreWorkoutTests {
    let directory: TemporaryDirectory
    let store: HubStore
    let start = Date(timeIntervalSince1970: 1_790_000_000)

    init() throws {
        directory = try TemporaryDirectory()
        store = try HubStore(directory: directory.url)
    }

    func sample(_ second: Int, heartRate: Int? = 140) -> WorkoutSample {
        WorkoutSample(
            second: second, recordedAt: start.addingTimeInterval(Double(second)), heartRate: heartRate,
            latitude: 48 + Double(second) / 10_000, longitude: 11.5, speedMetersPerSecond: 2.75,
            distanceMeters: 2.75 * Double(second), kilocalories: 0.2 * Double(second), steps: second * 3)
    }

    func totals(seconds: Int) -> WorkoutTotals {
        var totals = WorkoutTotals()
        totals.movingSeconds = seconds
        totals.distanceMeters = 2.75 * Double(seconds)
        totals.kilocalories = 0.2 * Double(seconds)
        totals.steps = seconds * 3
        totals.minSpeedMetersPerSecond = 2.5
        totals.maxSpeedMetersPerSecond = 3
        totals.averageSpeedMetersPerSecond = 2.75
        totals.averageHeartRate = 140.5
        totals.maxHeartRate = 171
        return totals
    }

    /// A finished workout with samples, a pause and a lap.
    func recordWholeWorkout(startingAt start: Date) async throws -> WorkoutID {
        let id = try await store.startWorkout(at: start, goal: nil)
        try await store.recordSamples((1...3).map { sample($0) }, totals: totals(seconds: 3), of: id)
        try await store.beginPause(of: id, at: start.addingTimeInterval(3))
        try await store.endPause(of: id, at: start.addingTimeInterval(5))
        try await store.recordLap(
            WorkoutLap(number: 1, endedAt: start.addingTimeInterval(5), movingSeconds: 3, distanceMeters: 8.25), of: id)
        try await store.finishWorkout(id, at: start.addingTimeInterval(6), totals: totals(seconds: 3))
        return id
    }

    @Test func aWorkoutReadsBackExactlyAsRecorded() async throws {
        let goal = Goal(kind: .distance, target: 5_000)
        let id = try await store.startWorkout(at: start, goal: goal)
        #expect(
            try await store.workout(id)
                == Workout(
                    id: id, startedAt: start, endedAt: nil, status: .running, totals: WorkoutTotals(), goal: goal,
                    recovery: nil))
        #expect(try await store.unfinishedWorkout()?.id == id)

        let samples = (1...4).map { sample($0, heartRate: $0 == 2 ? nil : 140) }
        try await store.recordSamples(Array(samples[0..<2]), totals: totals(seconds: 2), of: id)
        try await store.recordSamples(Array(samples[2...]), totals: totals(seconds: 4), of: id)
        #expect(try await store.samples(of: id) == samples)
        #expect(try await store.workout(id)?.totals == totals(seconds: 4))

        try await store.beginPause(of: id, at: start.addingTimeInterval(4.5))
        #expect(try await store.workout(id)?.status == .paused)
        #expect(
            try await store.pauses(of: id) == [WorkoutPause(startedAt: start.addingTimeInterval(4.5), endedAt: nil)])
        try await store.endPause(of: id, at: start.addingTimeInterval(9.25))
        #expect(try await store.workout(id)?.status == .running)
        #expect(
            try await store.pauses(of: id) == [
                WorkoutPause(startedAt: start.addingTimeInterval(4.5), endedAt: start.addingTimeInterval(9.25))
            ])

        let lap = WorkoutLap(number: 1, endedAt: start.addingTimeInterval(10), movingSeconds: 4, distanceMeters: 11)
        try await store.recordLap(lap, of: id)
        #expect(try await store.laps(of: id) == [lap])

        let end = start.addingTimeInterval(12)
        try await store.finishWorkout(id, at: end, totals: totals(seconds: 4))
        #expect(
            try await store.workout(id)
                == Workout(
                    id: id, startedAt: start, endedAt: end, status: .finished, totals: totals(seconds: 4), goal: goal,
                    recovery: nil))
        #expect(try await store.unfinishedWorkout() == nil)
    }

    @Test func finishingClosesAnOpenPause() async throws {
        let id = try await store.startWorkout(at: start, goal: nil)
        try await store.beginPause(of: id, at: start.addingTimeInterval(10))
        try await store.finishWorkout(id, at: start.addingTimeInterval(30), totals: WorkoutTotals())
        #expect(
            try await store.pauses(of: id) == [
                WorkoutPause(startedAt: start.addingTimeInterval(10), endedAt: start.addingTimeInterval(30))
            ])
    }

    @Test func recoveryIsRecordedWithTheWorkout() async throws {
        let resumed = try await store.startWorkout(at: start, goal: nil)
        try await store.markResumed(resumed)
        try await store.recordPause(of: resumed, from: start.addingTimeInterval(60), to: start.addingTimeInterval(90))
        try await store.finishWorkout(resumed, at: start.addingTimeInterval(120), totals: WorkoutTotals())
        #expect(try await store.workout(resumed)?.recovery == .resumed)
        #expect(
            try await store.pauses(of: resumed) == [
                WorkoutPause(startedAt: start.addingTimeInterval(60), endedAt: start.addingTimeInterval(90))
            ])

        let closed = try await store.startWorkout(at: start.addingTimeInterval(1_000), goal: nil)
        try await store.finishWorkout(
            closed, at: start.addingTimeInterval(1_100), totals: WorkoutTotals(), recovery: .closed)
        #expect(try await store.workout(closed)?.recovery == .closed)
    }

    @Test func workoutsAreListedNewestFirst() async throws {
        let older = try await recordWholeWorkout(startingAt: start)
        let newer = try await recordWholeWorkout(startingAt: start.addingTimeInterval(86_400))
        #expect(try await store.workouts().map(\.id) == [newer, older])
        #expect(try await store.workouts(limit: 1).map(\.id) == [newer])
    }

    @Test func deletingAWorkoutDeletesItsSamplesPausesAndLaps() async throws {
        let kept = try await recordWholeWorkout(startingAt: start)
        let deleted = try await recordWholeWorkout(startingAt: start.addingTimeInterval(86_400))

        try await store.deleteWorkout(deleted)

        #expect(try await store.workout(deleted) == nil)
        #expect(try await store.samples(of: deleted).isEmpty)
        #expect(try await store.pauses(of: deleted).isEmpty)
        #expect(try await store.laps(of: deleted).isEmpty)
        #expect(
            try await store.rowCounts() == [
                "goals": 0, "workouts": 1, "workout_pauses": 1, "workout_laps": 1, "workout_samples": 3,
                "heart_rate_blocks": 0, "heart_rate_minutes": 0, "heart_rate_hours": 0, "devices": 0,
                "reminders": 0, "workout_program_steps": 0, "people": 0, "settings": 0, "food_log": 0,
                "own_foods": 0, "favourite_foods": 0, "weights": 0, "person_straps": 0,
            ])
        #expect(try await store.samples(of: kept).count == 3)
    }

    @Test func deletingAMissingWorkoutIsNotFound() async throws {
        let error = try await #require(throws: HubStoreError.self) { try await store.deleteWorkout(42) }
        #expect(error.isNotFound)
        #expect(!error.isDiskFull)
        #expect(error.description.contains("42"))
    }

    @Test func deletingAllUserDataEmptiesEveryTable() async throws {
        try await store.saveProfile(
            Profile(name: "Alex", birthDate: "1990-04-21", gender: .male, heightCentimeters: 180, weightKilograms: 75))
        try await store.setCurrentPerson(named: "Alex")
        try await store.setActiveGoal(Goal(kind: .steps, target: 8_000))
        let workout = try await recordWholeWorkout(startingAt: start)
        try await store.recordProgramStep(
            WorkoutProgramStep(
                number: 1, title: "Warm-up: 1 minute", program: "Easy", outcome: .completed, seconds: 60,
                startedAt: start, endedAt: start.addingTimeInterval(60)),
            of: workout)
        try await store.logHeartRate([HeartRateSecond(second: 1_793_491_200, beatsPerMinute: 120)])
        try await store.remember(
            RememberedDevice(role: .heartRate, address: "C0:FF:EE:00:00:01", name: "Strap", rememberedAt: start))
        try await store.pairStrap("C0:FF:EE:00:00:01", toPersonNamed: "Alex")
        _ = try await store.addReminder(
            Reminder(title: "Run", time: TimeOfDay(hour: 7, minute: 0) ?? .midnight, weekdays: .everyDay))
        try await store.logFood(
            FoodEntry(eatenAt: start, day: "2026-11-01", meal: "lunch", food: "soup", grams: 300, kilocalories: 120))
        try await store.saveOwnFood(OwnFood(name: "my bar", kilocaloriesPer100Grams: 380))
        try await store.setFavouriteFood("soup", true)
        try await store.logWeight(WeightEntry(measuredAt: start, day: "2026-11-01", kilograms: 75))
        #expect(try await store.rowCounts().values.allSatisfy { $0 > 0 })

        try await store.deleteAllUserData()

        #expect(
            try await store.rowCounts() == [
                "goals": 0, "workouts": 0, "workout_pauses": 0, "workout_laps": 0, "workout_samples": 0,
                "heart_rate_blocks": 0, "heart_rate_minutes": 0, "heart_rate_hours": 0, "devices": 0,
                "reminders": 0, "workout_program_steps": 0, "people": 0, "settings": 0, "food_log": 0,
                "own_foods": 0, "favourite_foods": 0, "weights": 0, "person_straps": 0,
            ])
        #expect(try await store.profile() == nil)
        #expect(try await store.activeGoal() == nil)
    }
}
