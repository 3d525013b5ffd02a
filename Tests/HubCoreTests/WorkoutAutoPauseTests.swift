import Foundation
import HubCore
import HubTestKit
import Testing

/// `[workout] auto-pause`: a workout that pauses itself when the movement stops and resumes when it starts again.
@Suite struct WorkoutAutoPauseTests {
    typealias Harness = EngineHarness
    typealias Motion = WorkoutEngineMotionTests

    static let settings = WorkoutSettings(autoPauseKinds: [.indoorRide], autoPauseAfter: .seconds(3))

    /// A second of riding (5 m/s, 85 rpm) or of standing still (0 m/s, 0 rpm).
    static func ride(_ harness: Harness, moving: Bool) async throws -> WorkoutProgress {
        try await Motion.second(harness) { bus, now in
            Motion.wheel(moving ? 5 : 0, total: nil, bus, now)
            bus.publish(CadenceMeasured(perMinute: moving ? 85 : 0, origin: .wheel, source: "csc", timestamp: now))
        }
    }

    @Test func pausesAfterTheConfiguredStopAndResumesWhenTheRiderMovesAgain() async throws {
        let harness = try Harness(settings: Self.settings)
        let announcements = harness.bus.inbox(of: Announcement.self)
        try await harness.run {
            let id = try await Motion.start(.indoorRide, in: harness)
            #expect(try await announcements.next().text == "Indoor ride started.")
            for _ in 1...3 { _ = try await Self.ride(harness, moving: true) }
            for _ in 4...5 { #expect(try await Self.ride(harness, moving: false).state == .running) }
            // The third second standing still: recorded, then the workout pauses itself at its end.
            #expect(try await Self.ride(harness, moving: false).moving == .seconds(6))
            let paused = try await harness.states.next()
            #expect((paused.state, paused.previous) == (.paused, .running))
            #expect(try await announcements.next().text == "Auto-paused.")
            for second in 7...8 {
                let progress = try await Self.ride(harness, moving: false)
                #expect(progress.state == .paused)
                #expect(progress.isAutoPaused)
                #expect(progress.moving == .seconds(6))
                #expect(progress.elapsed == .seconds(second))
            }
            // Riding again half a second into the ninth second: the workout resumes at its end.
            #expect(try await Self.ride(harness, moving: true).state == .paused)
            #expect(try await harness.states.next().state == .running)
            #expect(try await announcements.next().text == "Resumed.")
            let riding = try await Self.ride(harness, moving: true)
            #expect((riding.state, riding.moving, riding.elapsed) == (.running, .seconds(7), .seconds(10)))
            #expect(!riding.isAutoPaused)

            try await harness.saved()
            #expect(
                try await harness.store.pauses(of: id) == [
                    WorkoutPause(startedAt: .testStart(plus: 6), endedAt: .testStart(plus: 9))
                ])
            try await harness.saved()
            #expect(try await harness.store.samples(of: id).map(\.second) == Array(1...7))
        }
    }

    @Test func aManualPauseIsNeverResumedByMovement() async throws {
        let harness = try Harness(settings: Self.settings)
        try await harness.run {
            _ = try await Motion.start(.indoorRide, in: harness)
            _ = try await Self.ride(harness, moving: true)
            #expect(try await harness.send(.pause).state == .paused)
            for _ in 1...4 {
                let progress = try await Self.ride(harness, moving: true)
                #expect(progress.state == .paused)
                #expect(!progress.isAutoPaused)
            }
            #expect(try await harness.send(.resume).state == .running)
        }
    }

    @Test func pausingByHandWhileAutoPausedKeepsTheWorkoutPausedWhenTheRiderMoves() async throws {
        let harness = try Harness(settings: Self.settings)
        try await harness.run {
            _ = try await Motion.start(.indoorRide, in: harness)
            for _ in 1...3 { _ = try await Self.ride(harness, moving: false) }
            #expect(try await harness.states.next().state == .paused)
            harness.bus.publish(WorkoutCommand(.pause))
            for _ in 1...3 {
                let progress = try await Self.ride(harness, moving: true)
                #expect(progress.state == .paused)
                #expect(!progress.isAutoPaused)
            }
        }
    }

    @Test func aKindWithoutAutoPauseNeverPausesItself() async throws {
        let harness = try Harness(settings: Self.settings)
        try await harness.run {
            _ = try await Motion.start(.ride, in: harness)  // auto-pause is on for indoor rides only
            for _ in 1...5 { #expect(try await Self.ride(harness, moving: false).state == .running) }
        }
    }

    @Test func secondsWithoutAnySensorDoNotCountAsStopped() async throws {
        let harness = try Harness(settings: Self.settings)
        try await harness.run {
            _ = try await Motion.start(.indoorRide, in: harness)
            // No sensor says anything: nothing says the rider stopped (a lost sensor is a gap, not a stop).
            for _ in 1...5 { #expect(try await Motion.second(harness).state == .running) }
        }
    }
}
