import Foundation
import HubCore
import HubTestKit
import Testing

/// A Raspberry Pi has no real-time clock: NTP steps the wall clock after boot, and a person may set it by hand.
/// Workout seconds run on the monotonic clock, so a step moves only the labels.
@Suite struct WallClockStepTests {
    typealias Harness = EngineHarness

    @Test func aWallClockSteppingAnHourForwardAndAMinuteBackLosesAndRepeatsNoSecond() async throws {
        let harness = try Harness()
        try await harness.run {
            let id = try #require(try await harness.send(.start).workoutID)
            var moving: [Duration] = []
            for second in 0..<5 { moving.append(try await harness.second(fix: second, heartRate: 130).moving) }
            harness.clock.stepWallClock(by: 3_600)
            for second in 5..<10 { moving.append(try await harness.second(fix: second, heartRate: 130).moving) }
            harness.clock.stepWallClock(by: -60)
            for second in 10..<15 { moving.append(try await harness.second(fix: second, heartRate: 130).moving) }
            let finished = try await harness.send(.stop)

            // Fifteen real seconds: fifteen moving seconds, one at a time.
            #expect(moving == (1...15).map { .seconds($0) })
            let summary = try #require(finished.summary)
            #expect(summary.totals.movingSeconds == 15)
            #expect(summary.totals.averageHeartRate == 130, "no second lost its reading to a stepped clock")
            try await harness.saved()
            let samples = try await harness.store.samples(of: id)
            #expect(samples.map(\.second) == Array(1...15))
            #expect(samples.compactMap(\.heartRate).count == 15)
            // Labels follow the wall clock: an hour on after the first step, 59 minutes after the second.
            let offsets: [Double] = [0, 3_600, 3_540].flatMap { Array(repeating: $0, count: 5) }
            let labels = (1...15).map { Date.testStart(plus: Double($0) + offsets[$0 - 1]) }
            #expect(samples.map(\.recordedAt) == labels)
            #expect(try await harness.store.workout(id)?.totals.movingSeconds == 15)
        }
    }

    @Test func secondsDueWhileTheEngineWasBehindAreAllRecordedOnce() async throws {
        let harness = try Harness()
        try await harness.run {
            let id = try #require(try await harness.send(.start).workoutID)
            _ = try await harness.second(heartRate: 120)
            // Four seconds pass at once (a busy machine, a lost tick): the next tick closes all of them.
            harness.clock.advance(by: .seconds(4))
            var progress = try await harness.progress.next()
            while progress.moving < .seconds(5) { progress = try await harness.progress.next() }
            #expect(progress.moving == .seconds(5))
            try await harness.saved()
            #expect(try await harness.store.samples(of: id).map(\.second) == [1, 2, 3, 4, 5])
        }
    }

    @Test func aReadingStampedInTheFutureGoesStaleOnTimeAfterItArrived() async throws {
        let harness = try Harness(settings: WorkoutSettings(heartRateTimeout: .seconds(3)))
        try await harness.run {
            let id = try #require(try await harness.send(.start).workoutID)
            // A source whose clock is an hour ahead: its label says "in an hour", its arrival says "now".
            harness.clock.advance(by: .milliseconds(500))
            harness.bus.publish(
                HeartRateMeasured(
                    beatsPerMinute: 140, source: "test", timestamp: harness.clock.now.addingTimeInterval(3_600)))
            harness.clock.advance(by: .milliseconds(500))
            _ = try await harness.progress.next()
            for _ in 2...6 { _ = try await harness.second() }
            try await harness.saved()
            // Fresh for three seconds after it arrived (half a second in), then gaps: never an hour of repeats.
            #expect(try await harness.store.samples(of: id).map(\.heartRate) == [140, 140, 140, nil, nil, nil])
        }
    }
}
