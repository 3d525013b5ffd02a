import Foundation

/// What the workout engine needs of the store: a workout's history written in order, and read back after a crash.
///
/// `HubStore` conforms; HubTestKit has an in-memory one. The engine writes each second at once where it closes it
/// (`recordSamplesAtOnce`), and whatever has to wait from the log's writer thread (`onWriterThread`), so a locked
/// database blocks that thread and never the pool's or the clock's.
///
/// ```swift
/// let id = try await log.startWorkout(at: now, goal: nil, simulated: false, seenAt: nil, kind: .indoorRide)
/// try await log.recordSamples(samples, totals: totals, of: id, seenAt: boot)
/// try await log.finishWorkout(id, at: end, totals: totals, recovery: nil)
/// ```
public protocol WorkoutLog: Sendable {
    /// Opens a workout of `kind` that started at `date` and returns its id.
    func startWorkout(at date: Date, goal: Goal?, simulated: Bool, seenAt boot: BootTime?, kind: WorkoutKind)
        async throws -> WorkoutID
    /// Adds seconds as ``recordSamples(_:totals:of:seenAt:)`` does, on the calling thread, but only if that needs no
    /// wait: false, with nothing stored, when another writer holds the database (or the write fails).
    ///
    /// For a caller that must never wait, the workout engine on the clock's timer thread; it hands what this
    /// declines to the log's writer thread, which may wait.
    func recordSamplesAtOnce(
        _ samples: [WorkoutSample], totals: WorkoutTotals, of workout: WorkoutID, seenAt boot: BootTime?
    ) -> Bool
    /// Marks `workout` as recorded from simulated sensors or on a sped-up clock.
    func markSimulated(_ workout: WorkoutID) async throws
    /// Adds seconds to `workout` (a second already there is replaced) and its totals so far.
    func recordSamples(
        _ samples: [WorkoutSample], totals: WorkoutTotals, of workout: WorkoutID, seenAt boot: BootTime?
    ) async throws
    /// Opens a pause of `workout` at `date`.
    func beginPause(of workout: WorkoutID, at date: Date, seenAt boot: BootTime?) async throws
    /// Closes the open pause of `workout` at `date`.
    func endPause(of workout: WorkoutID, at date: Date) async throws
    /// Records a whole pause of `workout`.
    func recordPause(of workout: WorkoutID, from start: Date, to end: Date) async throws
    /// Records a lap of `workout`.
    func recordLap(_ lap: WorkoutLap, of workout: WorkoutID) async throws
    /// Marks `workout` as resumed after the hub stopped in the middle of it.
    func markResumed(_ workout: WorkoutID) async throws
    /// Marks `workout` finished at `date` with its final totals; closes an open pause at the same time.
    func finishWorkout(_ workout: WorkoutID, at date: Date, totals: WorkoutTotals, recovery: WorkoutRecovery?)
        async throws
    /// The workout that was neither finished nor closed (the hub stopped during it), if any.
    func unfinishedWorkout() async throws -> Workout?
    /// The seconds of `workout`, in order.
    func samples(of workout: WorkoutID) async throws -> [WorkoutSample]
    /// The pauses of `workout`, in order.
    func pauses(of workout: WorkoutID) async throws -> [WorkoutPause]
    /// The laps of `workout`, in order.
    func laps(of workout: WorkoutID) async throws -> [WorkoutLap]
    /// Runs `body` where the log's writes are cheapest for a writer that writes every second.
    ///
    /// `HubStore` runs it on a thread of its own, its writer thread; an in-memory log just runs it.
    func onWriterThread<T: Sendable>(_ body: @Sendable () async -> T) async -> T
}
