import Foundation
import HubCore
import HubTestKit
import Testing

/// The engine hands what it records to a background writer: a locked or full database never holds it up, and
/// what could not be saved is written later under the workout it belongs to.
@Suite struct WorkoutWriterTests {
    typealias Harness = EngineHarness

    @Test func secondsQueuedWhenWorkoutAEndsAreSavedUnderANotUnderTheNextWorkout() async throws {
        let harness = try Harness(busyTimeout: .milliseconds(50))
        let announcements = harness.bus.inbox(of: Announcement.self)
        try await harness.run {
            let a = try #require(try await harness.send(.start).workoutID)
            for _ in 1...2 { _ = try await harness.second(heartRate: 120) }
            try await harness.saved()

            // Another process holds the write lock: A's last three seconds and its finish cannot be saved.
            let lock = try await DatabaseWriteLock.take(path: harness.store.path)
            for _ in 3...5 { _ = try await harness.second(heartRate: 120) }
            #expect(try await harness.send(.stop).summary?.totals.movingSeconds == 5)
            var said: [String] = []
            while !said.contains(where: { $0.hasPrefix("Cannot save") }) {
                said.append(try await announcements.next().text)
            }
            await lock.unlock()

            let b = try #require(try await harness.send(.start).workoutID)
            for _ in 1...2 { _ = try await harness.second(heartRate: 150) }
            _ = try await harness.send(.stop)
            try await harness.saved()

            let workoutA = try #require(try await harness.store.workout(a))
            #expect(workoutA.status == .finished)
            #expect(workoutA.totals.movingSeconds == 5)
            let samplesA = try await harness.store.samples(of: a)
            #expect(samplesA.map(\.second) == [1, 2, 3, 4, 5])
            #expect(samplesA.map(\.heartRate) == Array(repeating: 120, count: 5))
            let samplesB = try await harness.store.samples(of: b)
            #expect(samplesB.map(\.second) == [1, 2])
            #expect(samplesB.map(\.heartRate) == [150, 150], "none of A's seconds landed in B")
            #expect(try await harness.store.workout(b)?.status == .finished)
            while !said.contains("Workout data is being saved again.") {
                said.append(try await announcements.next().text)
            }
        }
    }

    @Test func aLockedDatabaseDoesNotHoldUpCommandsOrSeconds() async throws {
        let harness = try Harness(busyTimeout: .seconds(30))
        try await harness.run {
            let id = try #require(try await harness.send(.start).workoutID)
            _ = try await harness.second(heartRate: 120)
            try await harness.saved()
            // Each write now waits up to 30 s for the lock, on the writer's side only.
            let lock = try await DatabaseWriteLock.take(path: harness.store.path)
            for second in 2...4 { #expect(try await harness.second(heartRate: 120).moving == .seconds(second)) }
            #expect(try await harness.send(.pause).state == .paused)
            #expect(try await harness.send(.resume).state == .running)
            await lock.unlock()
            try await harness.saved()
            #expect(try await harness.store.samples(of: id).map(\.second) == [1, 2, 3, 4])
        }
    }

    @Test func aSimulatedReadingMarksTheWorkoutAsSimulatedAndRealOnesDoNot() async throws {
        let harness = try Harness()
        try await harness.run {
            let real = try #require(try await harness.send(.start).workoutID)
            _ = try await harness.second(heartRate: 120)
            _ = try await harness.send(.stop)
            let simulated = try #require(try await harness.send(.start).workoutID)
            harness.clock.advance(by: .milliseconds(500))
            harness.bus.publish(
                HeartRateMeasured(
                    beatsPerMinute: 130, source: "simulator", timestamp: harness.clock.now, isSimulated: true))
            harness.clock.advance(by: .milliseconds(500))
            _ = try await harness.progress.next()
            #expect(try await harness.send(.stop).summary?.isSimulated == true)
            try await harness.saved()
            #expect(try await harness.store.workout(real)?.isSimulated == false)
            #expect(try await harness.store.workout(simulated)?.isSimulated == true)
        }
    }
}
