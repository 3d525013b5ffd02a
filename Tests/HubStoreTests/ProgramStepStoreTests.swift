import Foundation
import HubTestKit
import Testing

@testable import HubStore

/// "v13: program steps of workouts": each step of a followed program stored with its workout, read back in order,
/// and gone with the workout.
@Suite struct ProgramStepStoreTests {
    static let start = Date(timeIntervalSince1970: 1_795_000_000)

    static func step(_ number: Int, outcome: WorkoutProgramStep.Outcome = .completed) -> WorkoutProgramStep {
        WorkoutProgramStep(
            number: number, title: "Interval \(number) of 4: 4 minutes, 276 watts", program: "4 x 4 min VO2max",
            outcome: outcome, plannedSeconds: 240, seconds: 240, distanceMeters: 2_100.5, averagePowerWatts: 271,
            averageHeartRate: 168, plannedPowerStartWatts: 276, plannedPowerEndWatts: 276,
            startedAt: start.addingTimeInterval(Double(number - 1) * 240),
            endedAt: start.addingTimeInterval(Double(number) * 240))
    }

    @Test func stepsAreReadBackInOrderWithEverythingStored() async throws {
        let directory = try TemporaryDirectory()
        let store = try HubStore(directory: directory.url)
        let workout = try await store.startWorkout(at: Self.start, goal: nil, simulated: false)
        let set = WorkoutProgramStep(
            number: 1, title: "Set 1 of 3, bench press, 10 reps at 60 kilograms", program: "Strength",
            outcome: .completed, plannedRepetitions: 10, repetitions: 8, plannedWeightKilograms: 60, seconds: 41,
            startedAt: Self.start, endedAt: Self.start.addingTimeInterval(41))
        try await store.recordProgramStep(Self.step(2, outcome: .stopped), of: workout)
        try await store.recordProgramStep(set, of: workout)
        #expect(try await store.programSteps(of: workout) == [set, Self.step(2, outcome: .stopped)])
        // Written again (a retry), a step replaces itself.
        try await store.recordProgramStep(Self.step(2), of: workout)
        #expect(try await store.programSteps(of: workout) == [set, Self.step(2)])
    }

    @Test func deletingTheWorkoutDeletesItsStepsAndNotAnotherWorkouts() async throws {
        let directory = try TemporaryDirectory()
        let store = try HubStore(directory: directory.url)
        let first = try await store.startWorkout(at: Self.start, goal: nil, simulated: false)
        let second = try await store.startWorkout(at: Self.start.addingTimeInterval(3600), goal: nil, simulated: false)
        for number in 1...3 { try await store.recordProgramStep(Self.step(number), of: first) }
        try await store.recordProgramStep(Self.step(1), of: second)
        try await store.deleteWorkout(first)
        #expect(try await store.programSteps(of: first).isEmpty)
        #expect(try await store.programSteps(of: second) == [Self.step(1)])
        #expect(try await store.rowCounts()["workout_program_steps"] == 1)
        try await store.deleteAllUserData()
        #expect(try await store.rowCounts()["workout_program_steps"] == 0)
    }

    @Test func aStepOfNoStoredWorkoutIsRefused() async throws {
        let directory = try TemporaryDirectory()
        let store = try HubStore(directory: directory.url)
        await #expect(throws: HubStoreError.self) { try await store.recordProgramStep(Self.step(1), of: 99) }
    }

    @Test func aVersion12DatabaseKeepsItsWorkoutsAndTakesProgramSteps() async throws {
        let directory = try TemporaryDirectory()
        try Schema.makeDatabase(
            at: directory.url.appendingPathComponent(HubStore.fileName).path, upTo: "v12: programs and FTP",
            then:
                "INSERT INTO workouts (id, started_at, ended_at, status) VALUES (7, 1795000000, 1795000960, 'finished')"
        )
        let store = try HubStore(directory: directory.url)
        #expect(try await store.workout(7) != nil)
        #expect(try await store.programSteps(of: 7).isEmpty)
        try await store.recordProgramStep(Self.step(1), of: 7)
        #expect(try await store.programSteps(of: 7) == [Self.step(1)])
    }
}
