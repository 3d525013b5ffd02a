import Foundation
import HubCore
import HubTestKit
import Testing

/// A workout left unfinished by a crash, found by the next engine to run.
@Suite struct WorkoutRecoveryTests {
    typealias Harness = EngineHarness

    /// Stores a running workout that started `ago` seconds before the clock's now, with 60 recorded seconds
    /// of 2.5 m at 130 bpm each.
    private func storeInterruptedWorkout(in harness: Harness, startedSecondsAgo ago: Double) async throws -> (
        WorkoutID, [WorkoutSample]
    ) {
        let start = Date.testStart(plus: -ago)
        let id = try await harness.store.startWorkout(at: start, goal: nil)
        let samples = (1...60).map { second in
            WorkoutSample(
                second: second, recordedAt: start.addingTimeInterval(Double(second)), heartRate: 130, latitude: nil,
                longitude: nil, speedMetersPerSecond: 2.5, distanceMeters: 2.5 * Double(second),
                kilocalories: 0.125 * Double(second), steps: nil)
        }
        try await harness.store.recordSamples(samples, totals: WorkoutMetrics(restoring: samples).totals, of: id)
        return (id, samples)
    }

    @Test func resumesAWorkoutInterruptedWithinTheResumeWindow() async throws {
        let harness = try Harness()  // resume within 10 minutes
        let (id, _) = try await storeInterruptedWorkout(in: harness, startedSecondsAgo: 100)
        let recovered = harness.bus.inbox(of: WorkoutRecovered.self)
        try await harness.run {
            let state = try await harness.states.next()
            #expect(state == WorkoutStateChanged(workoutID: id, state: .running, previous: .idle, kind: .run))
            let recovery = try await recovered.next()
            #expect(recovery.outcome == .resumed)
            #expect(recovery.workout.id == id)
            #expect(recovery.gap == .seconds(40))  // last second stored at -40 s

            try await harness.saved()
            let stored = try #require(try await harness.store.workout(id))
            #expect(stored.status == .running)
            #expect(stored.recovery == .resumed)
            // The time the hub was away is a pause.
            try await harness.saved()
            #expect(
                try await harness.store.pauses(of: id) == [
                    WorkoutPause(startedAt: .testStart(plus: -40), endedAt: .testStart())
                ])

            let progress = try await harness.second()
            #expect(progress.workoutID == id)
            #expect(progress.moving == .seconds(61))
            #expect(progress.totals.distanceMeters == 150)
            #expect(progress.elapsed == .seconds(101))
            try await harness.saved()
            let samples = try await harness.store.samples(of: id)
            #expect(samples.count == 61)
            #expect(samples.last?.second == 61)
        }
    }

    @Test func closesAWorkoutInterruptedLongAgoWithTheTotalsOfItsSamples() async throws {
        let harness = try Harness()
        let (id, samples) = try await storeInterruptedWorkout(in: harness, startedSecondsAgo: 7_200)
        let recovered = harness.bus.inbox(of: WorkoutRecovered.self)
        try await harness.run {
            let recovery = try await recovered.next()
            #expect(recovery.outcome == .closed)
            #expect(recovery.workout.id == id)
            #expect(recovery.gap == .seconds(7_140))

            try await harness.saved()
            let stored = try #require(try await harness.store.workout(id))
            #expect(stored.status == .finished)
            #expect(stored.recovery == .closed)
            #expect(stored.endedAt == Date.testStart(plus: -7_140))  // its last recorded second
            #expect(stored.totals == WorkoutMetrics(restoring: samples).totals)
            #expect(stored.totals.movingSeconds == 60)
            #expect(stored.totals.distanceMeters == 150)
            #expect(stored.totals.averageHeartRate == 130)
            try await harness.saved()
            #expect(try await harness.store.unfinishedWorkout() == nil)

            // The engine stays idle: a new workout starts from scratch.
            let started = try await harness.send(.start)
            #expect(started.previous == .idle)
            #expect(started.workoutID != id)
        }
    }

    @Test func aWorkoutRecordedAheadOfTheClockIsClosedNotResumed() async throws {
        // A sped-up simulation stores seconds in the future; they cannot be carried on in real time.
        let harness = try Harness()
        let (id, _) = try await storeInterruptedWorkout(in: harness, startedSecondsAgo: -30)
        let recovered = harness.bus.inbox(of: WorkoutRecovered.self)
        try await harness.run {
            #expect(try await recovered.next().outcome == .closed)
            try await harness.saved()
            let stored = try #require(try await harness.store.workout(id))
            #expect((stored.status, stored.recovery) == (.finished, .closed))
            #expect(stored.endedAt == Date.testStart(plus: 90))
        }
    }

    @Test func aSimulationOnASpedUpClockIsResumedOnItsOwnTimeline() async throws {
        // `--speed 60`: the 60 seconds stored run a minute ahead of the wall clock, and the hub crashed one real
        // second after the last of them (the boot time saved with it is one second before the clock's).
        let harness = try Harness(speed: 60)
        let start = Date.testStart()
        let id = try await harness.store.startWorkout(at: start, goal: nil, simulated: true)
        let samples = (1...60).map { second in
            WorkoutSample(
                second: second, recordedAt: start.addingTimeInterval(Double(second)), heartRate: 130, latitude: nil,
                longitude: nil, speedMetersPerSecond: 2.5, distanceMeters: 2.5 * Double(second),
                kilocalories: 0.125 * Double(second), steps: nil)
        }
        let boot = try #require(harness.clock.bootTime)
        try await harness.store.recordSamples(
            samples, totals: WorkoutMetrics(restoring: samples).totals, of: id,
            seenAt: BootTime(bootID: boot.bootID, secondsSinceBoot: boot.secondsSinceBoot - 1))
        let recovered = harness.bus.inbox(of: WorkoutRecovered.self)
        try await harness.run {
            let recovery = try await recovered.next()
            #expect(recovery.outcome == .resumed)
            #expect(recovery.gap == .seconds(60), "one real second away is a minute on this clock")
            #expect(try await harness.states.next().state == .running)

            // The workout goes on after its last second and the time away, not back at the wall clock's now.
            let progress = try await harness.second()
            #expect(progress.moving == .seconds(61))
            try await harness.saved()
            #expect(
                try await harness.store.pauses(of: id) == [
                    WorkoutPause(startedAt: start.addingTimeInterval(60), endedAt: start.addingTimeInterval(120))
                ])
            let stored = try await harness.store.samples(of: id)
            #expect(stored.map(\.second) == Array(1...61))
            #expect(stored.last?.recordedAt == start.addingTimeInterval(121))
            let finished = try await harness.send(.stop)
            #expect(finished.summary?.endedAt == start.addingTimeInterval(121))
        }
    }

    @Test func aWorkoutPausedBeforeTheCrashIsResumedPaused() async throws {
        let harness = try Harness()
        let (id, _) = try await storeInterruptedWorkout(in: harness, startedSecondsAgo: 100)
        try await harness.store.beginPause(of: id, at: .testStart(plus: -40))
        try await harness.run {
            #expect(
                try await harness.states.next()
                    == WorkoutStateChanged(workoutID: id, state: .paused, previous: .idle, kind: .run))
            let progress = try await harness.send(.resume)
            #expect(progress.state == .running)
            #expect(try await harness.second().moving == .seconds(61))
        }
    }

    @Test func aNewEngineWithNothingInterruptedStaysIdle() async throws {
        let harness = try Harness()
        let recovered = harness.bus.inbox(of: WorkoutRecovered.self, subscriber: "test")
        try await harness.run {
            let started = try await harness.send(.start)
            #expect(started.previous == .idle)
        }
        #expect(
            harness.bus.statistics().first { $0.subscriber == "test" && $0.messageType == "WorkoutRecovered" }?
                .delivered == 0)
        withExtendedLifetime(recovered) {}
    }
}
