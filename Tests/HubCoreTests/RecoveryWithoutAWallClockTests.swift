import Foundation
import HubCore
import HubTestKit
import Testing

/// Crash recovery decides "resume or close" from how long the hub was away, measured without trusting a wall
/// clock that may not be set yet (no real-time clock, NTP not yet synchronised).
@Suite struct RecoveryWithoutAWallClockTests {
    typealias Harness = EngineHarness

    /// Stores a workout with ten seconds, its last one saved at `boot`, and labels a year off the clock's.
    private func storeInterruptedWorkout(in harness: Harness, seenAt boot: BootTime, paused: Bool = false) async throws
        -> WorkoutID
    {
        let start = Date.testStart(plus: 365 * 86_400)  // labelled by a clock that was a year ahead
        let id = try await harness.store.startWorkout(at: start, goal: nil)
        let samples = (1...10).map { second in
            WorkoutSample(
                second: second, recordedAt: start.addingTimeInterval(Double(second)), heartRate: 130, latitude: nil,
                longitude: nil, speedMetersPerSecond: nil, distanceMeters: 0, kilocalories: 0, steps: nil)
        }
        try await harness.store.recordSamples(
            samples, totals: WorkoutMetrics(restoring: samples).totals, of: id, seenAt: boot)
        if paused { try await harness.store.beginPause(of: id, at: start.addingTimeInterval(10), seenAt: boot) }
        return id
    }

    @Test func inTheSameBootTheTimeAwayComesFromTheBootClockWhateverTheWallClockSays() async throws {
        let harness = try Harness()
        harness.clock.setWallClockSynchronised(false)
        let now = try #require(harness.clock.bootTime)
        let id = try await storeInterruptedWorkout(
            in: harness, seenAt: BootTime(bootID: now.bootID, secondsSinceBoot: now.secondsSinceBoot - 100))
        let recovered = harness.bus.inbox(of: WorkoutRecovered.self)
        try await harness.run {
            let recovery = try await recovered.next()
            #expect(recovery.workout.id == id)
            #expect(recovery.outcome == .resumed)
            #expect(recovery.gap == .seconds(100))
        }
    }

    @Test func afterARebootWithTheClockNotYetSetTheWorkoutIsClosedNotResumedOnAGuess() async throws {
        let harness = try Harness()
        harness.clock.setWallClockSynchronised(false)
        let id = try await storeInterruptedWorkout(
            in: harness, seenAt: BootTime(bootID: "an earlier boot", secondsSinceBoot: 50))
        let recovered = harness.bus.inbox(of: WorkoutRecovered.self)
        let announcements = harness.bus.inbox(of: Announcement.self)
        try await harness.run {
            let recovery = try await recovered.next()
            #expect(recovery.workout.id == id)
            #expect(recovery.outcome == .closed)
            #expect(try await announcements.next().text.contains("The clock was not set yet"))
            try await harness.saved()
            let stored = try #require(try await harness.store.workout(id))
            #expect(stored.status == .finished)
            #expect(stored.totals.movingSeconds == 10, "closed with every saved second")
        }
    }

    @Test func afterARebootWithASynchronisedClockTheWallClockDecides() async throws {
        let harness = try Harness()
        // Saved 40 s before now by the wall clock (a year ahead was wrong then; now the clock is right).
        let id = try await harness.store.startWorkout(at: .testStart(plus: -50), goal: nil)
        let sample = WorkoutSample(
            second: 1, recordedAt: .testStart(plus: -40), heartRate: 130, latitude: nil, longitude: nil,
            speedMetersPerSecond: nil, distanceMeters: 0, kilocalories: 0, steps: nil)
        try await harness.store.recordSamples(
            [sample], totals: WorkoutMetrics(restoring: [sample]).totals, of: id,
            seenAt: BootTime(bootID: "an earlier boot", secondsSinceBoot: 50))
        let recovered = harness.bus.inbox(of: WorkoutRecovered.self)
        try await harness.run {
            let recovery = try await recovered.next()
            #expect(recovery.outcome == .resumed)
            #expect(recovery.gap == .seconds(40))
        }
    }

    @Test func aWorkoutResumedWhilePausedStillReportsItsProgress() async throws {
        let harness = try Harness()
        let now = try #require(harness.clock.bootTime)
        let id = try await storeInterruptedWorkout(
            in: harness, seenAt: BootTime(bootID: now.bootID, secondsSinceBoot: now.secondsSinceBoot - 5), paused: true)
        try await harness.run {
            #expect(
                try await harness.states.next()
                    == WorkoutStateChanged(workoutID: id, state: .paused, previous: .idle, kind: .run))
            harness.clock.advance(by: .seconds(1))
            let progress = try await harness.progress.next()
            #expect(progress.workoutID == id)
            #expect(progress.state == .paused)
            #expect(progress.moving == .seconds(10))
        }
    }
}
