import Foundation
import HubCore
import HubTestKit
import Synchronization
import Testing

@testable import GuidedWorkouts

/// A `ProgramStepLog` that keeps the steps in memory and hands each write to the test as it happens; it refuses the
/// first `failing` writes, as a locked database would.
final class FakeStepLog: ProgramStepLog {
    struct Saved: Sendable, Equatable {
        var workout: WorkoutID
        var step: WorkoutProgramStep
    }

    private let failing: Mutex<Int>
    private let sink: AsyncStream<Saved>.Continuation
    /// Every step stored, as it is stored.
    let saved: AsyncStream<Saved>

    init(failing: Int = 0) {
        self.failing = Mutex(failing)
        (saved, sink) = AsyncStream.makeStream(of: Saved.self)
    }

    func recordProgramStep(_ step: WorkoutProgramStep, of workout: WorkoutID) async throws {
        let refused = failing.withLock { count in
            defer { count = max(0, count - 1) }
            return count > 0
        }
        if refused { throw FakeStoreError() }
        sink.yield(Saved(workout: workout, step: step))
    }

    func programSteps(of workout: WorkoutID) async throws -> [WorkoutProgramStep] { [] }
}

struct FakeStoreError: Error, CustomStringConvertible {
    var description: String { "the database is locked" }
}

/// What the plugin stores of each step, and when: each step as it ends, against the workout it was followed in.
@Suite struct StepLogTests {
    static let workout: WorkoutID = 31
    /// The manual clock's wall time at its start.
    static let origin = Date(timeIntervalSince1970: 1_790_000_000)

    /// The workout's figures `seconds` in, at 10 m/s.
    private func progress(_ seconds: Int, power: Int? = nil, heartRate: Int? = nil) -> WorkoutProgress {
        var totals = WorkoutTotals()
        totals.distanceMeters = Double(seconds) * 10
        return WorkoutProgress(
            workoutID: Self.workout, state: .running, elapsed: .seconds(seconds), moving: .seconds(seconds),
            totals: totals, currentSpeedMetersPerSecond: 10,
            currentHeartRate: heartRate, at: HubInstant(sinceOrigin: .seconds(seconds)), currentPowerWatts: power)
    }

    private func state(_ state: WorkoutState, from previous: WorkoutState) -> WorkoutStateChanged {
        WorkoutStateChanged(workoutID: Self.workout, state: state, previous: previous)
    }

    /// Runs the plugin, choosing `program` from `TestLibrary`, with `log` as its store, while `body` publishes.
    private func withPlugin(
        _ program: String, log: FakeStepLog, logs: LogRecorder = LogRecorder(), clock: ManualClock = ManualClock(),
        _ body: (MessageBus, Inbox<String>) async throws -> Void
    ) async throws {
        var context = PluginContext.test(storage: log, clock: clock)
        context.logger = logs.logger()
        let plugin = GuidedWorkoutsPlugin(
            configuration: .init(ftpWatts: 200, program: program), context: context, library: TestLibrary())
        let events = context.bus.inbox(of: String.self, subscriber: "test") {
            $0.route(ProgramStepStarted.self) { "step \($0.number)" }
            $0.route(ProgramFinished.self) { "finished \($0.program)" }
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await plugin.run() }
            defer { group.cancelAll() }
            try await body(context.bus, events)
        }
    }

    @Test func eachStepIsStoredAsItEndsAndTheStepUnderWayWhenTheWorkoutStops() async throws {
        let log = FakeStepLog()
        let clock = ManualClock()
        try await withPlugin("two-hard", log: log, clock: clock) { bus, events in
            var saved = log.saved.makeAsyncIterator()
            bus.publish(state(.running, from: .idle))
            #expect(try await events.next() == "step 1")
            for second in 1...20 { bus.publish(progress(second, power: 190 + second % 2 * 20, heartRate: 150)) }
            #expect(try await events.next() == "step 2")
            let first = try #require(await saved.next())
            #expect(first.workout == Self.workout)
            #expect(
                first.step
                    == WorkoutProgramStep(
                        number: 1, title: "Interval 1 of 2: 20 seconds, 200 watts", program: "Two Hard",
                        outcome: .completed, plannedSeconds: 20, seconds: 20, distanceMeters: 200,
                        averagePowerWatts: 200, averageHeartRate: 150, plannedPowerStartWatts: 200,
                        plannedPowerEndWatts: 200, startedAt: Self.origin, endedAt: Self.origin + 20))

            // The workout stops 7 seconds into the second interval: that step is stored as stopped, ended then.
            for second in 21...27 { bus.publish(progress(second, power: 180)) }
            clock.advance(by: .seconds(27))
            bus.publish(state(.finished, from: .running))
            let second = try #require(await saved.next())
            #expect(second.workout == Self.workout)
            #expect(second.step.number == 2 && second.step.outcome == .stopped)
            #expect(second.step.seconds == 7 && second.step.averagePowerWatts == 180)
            #expect(second.step.startedAt == Self.origin + 20)
            #expect(second.step.endedAt == Self.origin + 27)
        }
    }

    @Test func aStoreThatFailsIsLoggedAndCountedTheProgramGoesOnAndTheStepIsStoredLater() async throws {
        let log = FakeStepLog(failing: 1)
        let logs = LogRecorder()
        try await withPlugin("push", log: log, logs: logs) { bus, events in
            var saved = log.saved.makeAsyncIterator()
            bus.publish(state(.running, from: .idle))
            #expect(try await events.next() == "step 1")
            bus.publish(ProgramCommand(.done(repetitions: 9)))
            // The program carries on while its first step could not be stored.
            #expect(try await events.next() == "step 2")
            var failure: LogRecorder.Entry?
            for await entry in logs.entries where entry.level == .error {
                failure = entry
                break
            }
            #expect(failure?.message.hasPrefix("cannot store a program step") == true)
            #expect(failure?.metadata["step"] == "1" && failure?.metadata["failures"] == "1")
            #expect(failure?.metadata["error"] == "the database is locked")
            // The next step's end stores both, in order.
            bus.publish(ProgramCommand(.skip))
            #expect(try await events.next() == "step 3")
            let first = try #require(await saved.next())
            let rest = try #require(await saved.next())
            #expect(first.step.number == 1 && first.step.repetitions == 9 && first.step.plannedRepetitions == 12)
            #expect(rest.step.number == 2 && rest.step.outcome == .skipped)
        }
    }

    @Test func theNextWorkoutsStepsAreStoredWithItsOwnIDFromStepOne() async throws {
        let log = FakeStepLog()
        try await withPlugin("push", log: log) { bus, events in
            var saved = log.saved.makeAsyncIterator()
            bus.publish(state(.running, from: .idle))
            #expect(try await events.next() == "step 1")
            bus.publish(state(.finished, from: .running))
            #expect(try #require(await saved.next()).step.outcome == .stopped)
            // The next workout follows the same program again: its steps are its own, from 1.
            bus.publish(WorkoutStateChanged(workoutID: 32, state: .running, previous: .finished))
            #expect(try await events.next() == "step 1")
            bus.publish(ProgramCommand(.skip))
            let next = try #require(await saved.next())
            #expect(next.workout == 32 && next.step.number == 1 && next.step.outcome == .skipped)
        }
    }
}
