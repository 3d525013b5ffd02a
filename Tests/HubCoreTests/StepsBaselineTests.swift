import Foundation
import HubCore
import HubTestKit
import Testing

/// A step counter's running total counts from the first reading of the workout, however its readings are bunched.
@Suite struct StepsBaselineTests {
    typealias Harness = EngineHarness

    /// A busy machine (a hub starting up, `--speed 60`) can deliver several seconds of a counter's readings before
    /// the first second closes: the steps between them were taken during the workout and count.
    @Test func readingsBunchedIntoTheFirstSecondAllCount() async throws {
        let harness = try Harness()
        try await harness.run {
            let id = try #require(try await harness.send(.start).workoutID)
            harness.clock.advance(by: .milliseconds(500))
            for total in [1000, 1003, 1006, 1009] {
                harness.bus.publish(StepsCounted(totalSteps: total, source: "test", timestamp: harness.clock.now))
            }
            harness.clock.advance(by: .milliseconds(500))
            #expect(try await harness.progress.next().totals.steps == 9)
            harness.clock.advance(by: .milliseconds(500))
            harness.bus.publish(StepsCounted(totalSteps: 1012, source: "test", timestamp: harness.clock.now))
            harness.clock.advance(by: .milliseconds(500))
            #expect(try await harness.progress.next().totals.steps == 12)
            try await harness.saved()
            #expect(try await harness.store.samples(of: id).map(\.steps) == [9, 12])
        }
    }

    /// Steps taken during a pause do not count; those after the resume do, from the last total seen while paused.
    @Test func stepsDuringAPauseDoNotCount() async throws {
        let harness = try Harness()
        try await harness.run {
            _ = try await harness.send(.start)
            for (second, total) in [(1, 500), (2, 503)] {
                harness.clock.advance(by: .milliseconds(500))
                harness.bus.publish(StepsCounted(totalSteps: total, source: "test", timestamp: harness.clock.now))
                harness.clock.advance(by: .milliseconds(500))
                #expect(try await harness.progress.next().totals.movingSeconds == second)
            }
            #expect(try await harness.send(.pause).state == .paused)
            harness.bus.publish(StepsCounted(totalSteps: 560, source: "test", timestamp: harness.clock.now))
            #expect(try await harness.send(.resume).state == .running)
            for total in [563, 566] {
                harness.bus.publish(StepsCounted(totalSteps: total, source: "test", timestamp: harness.clock.now))
            }
            harness.clock.advance(by: .seconds(1))
            // 3 before the pause, 6 after it: the 57 of the pause are left out.
            #expect(try await harness.progress.next().totals.steps == 9)
        }
    }
}
