import Foundation
import HubCore
import Synchronization

/// The workout engine's log, in memory, kept as `HubStore` keeps it: a second, a pause or a lap written again
/// replaces the one before, and a finish closes an open pause. Also a `ProfileSource`, the engine's other read.
public final class InMemoryWorkoutLog: WorkoutLog, ProfileSource {
    private struct Entry {
        var workout: Workout
        var samples: [Int: WorkoutSample] = [:]
        var pauses: [WorkoutPause] = []
        var laps: [Int: WorkoutLap] = [:]
    }

    private struct State {
        var profile: Profile?
        var entries: [WorkoutID: Entry] = [:]
        var nextID: WorkoutID = 1
    }

    private let state: Mutex<State>

    public init(profile: Profile? = nil) { state = Mutex(State(profile: profile)) }

    /// The workout as stored now.
    public func workout(_ id: WorkoutID) -> Workout? { state.withLock { $0.entries[id]?.workout } }

    public func profile() async throws -> Profile? { state.withLock { $0.profile } }

    public func startWorkout(
        at date: Date, goal: Goal?, simulated: Bool, seenAt boot: BootTime?, kind: WorkoutKind
    ) async throws -> WorkoutID {
        state.withLock { state in
            let id = state.nextID
            state.nextID += 1
            state.entries[id] = Entry(
                workout: Workout(
                    id: id, startedAt: date, endedAt: nil, status: .running, totals: WorkoutTotals(), goal: goal,
                    recovery: nil, isSimulated: simulated, lastSeenBoot: boot, kind: kind))
            return id
        }
    }

    public func markSimulated(_ workout: WorkoutID) async throws {
        update(workout) { $0.workout.isSimulated = true }
    }

    public func recordSamples(
        _ samples: [WorkoutSample], totals: WorkoutTotals, of workout: WorkoutID, seenAt boot: BootTime?
    ) async throws {
        _ = recordSamplesAtOnce(samples, totals: totals, of: workout, seenAt: boot)
    }

    public func recordSamplesAtOnce(
        _ samples: [WorkoutSample], totals: WorkoutTotals, of workout: WorkoutID, seenAt boot: BootTime?
    ) -> Bool {
        update(workout) { entry in
            for sample in samples { entry.samples[sample.second] = sample }
            entry.workout.totals = totals
            if let boot { entry.workout.lastSeenBoot = boot }
        }
        return true
    }

    public func beginPause(of workout: WorkoutID, at date: Date, seenAt boot: BootTime?) async throws {
        update(workout) { entry in
            if let boot { entry.workout.lastSeenBoot = boot }
            if !entry.pauses.contains(where: { $0.startedAt == date }) {
                entry.pauses.append(WorkoutPause(startedAt: date, endedAt: nil))
            }
            entry.workout.status = .paused
        }
    }

    public func endPause(of workout: WorkoutID, at date: Date) async throws {
        update(workout) { entry in
            Self.closePauses(of: &entry, at: date)
            entry.workout.status = .running
        }
    }

    public func recordPause(of workout: WorkoutID, from start: Date, to end: Date) async throws {
        update(workout) { entry in
            entry.pauses.removeAll { $0.startedAt == start }
            entry.pauses.append(WorkoutPause(startedAt: start, endedAt: end))
        }
    }

    public func recordLap(_ lap: WorkoutLap, of workout: WorkoutID) async throws {
        update(workout) { $0.laps[lap.number] = lap }
    }

    public func markResumed(_ workout: WorkoutID) async throws {
        update(workout) { $0.workout.recovery = .resumed }
    }

    public func finishWorkout(_ workout: WorkoutID, at date: Date, totals: WorkoutTotals, recovery: WorkoutRecovery?)
        async throws
    {
        update(workout) { entry in
            Self.closePauses(of: &entry, at: date)
            entry.workout.totals = totals
            entry.workout.status = .finished
            entry.workout.endedAt = date
            if let recovery { entry.workout.recovery = recovery }
        }
    }

    public func unfinishedWorkout() async throws -> Workout? {
        state.withLock { state in
            state.entries.values.map(\.workout).filter { $0.status != .finished }.max { $0.startedAt < $1.startedAt }
        }
    }

    public func samples(of workout: WorkoutID) async throws -> [WorkoutSample] {
        state.withLock { ($0.entries[workout]?.samples.values).map { $0.sorted { $0.second < $1.second } } ?? [] }
    }

    public func pauses(of workout: WorkoutID) async throws -> [WorkoutPause] {
        state.withLock { ($0.entries[workout]?.pauses ?? []).sorted { $0.startedAt < $1.startedAt } }
    }

    public func laps(of workout: WorkoutID) async throws -> [WorkoutLap] {
        state.withLock { ($0.entries[workout]?.laps.values).map { $0.sorted { $0.number < $1.number } } ?? [] }
    }

    /// Runs `body` where it is: memory needs no writer thread.
    public func onWriterThread<T: Sendable>(_ body: @Sendable () async -> T) async -> T { await body() }

    private func update(_ workout: WorkoutID, _ change: (inout Entry) -> Void) {
        state.withLock { state in
            guard var entry = state.entries[workout] else { return }
            change(&entry)
            state.entries[workout] = entry
        }
    }

    private static func closePauses(of entry: inout Entry, at date: Date) {
        for index in entry.pauses.indices where entry.pauses[index].endedAt == nil {
            entry.pauses[index].endedAt = date
        }
    }
}
