import Foundation

/// What the web app's history and report pages read of the store, and the one thing they change: deleting a
/// finished workout. Reading only, besides that: the pages never write a workout.
///
/// `HubStore` conforms. Every method but ``workouts(from:to:kind:limit:offset:)`` is the store's own, the one the
/// CLI's `workouts`, `stats` and `hr plot` call, so the pages and the CLI read the same figures.
///
/// ```swift
/// let history = try context.store((any WorkoutHistory).self)
/// let page = try await history.workouts(from: start, to: end, kind: .ride, limit: 21, offset: 0)
/// ```
public protocol WorkoutHistory: Sendable {
    /// The current person's workouts that started from `start` up to (not including) `end`, of `kind`, newest
    /// first: at most `limit` of them, after skipping the `offset` newest. A nil bound or kind is no filter.
    func workouts(from start: Date?, to end: Date?, kind: WorkoutKind?, limit: Int, offset: Int) async throws
        -> [Workout]
    /// One workout by id, or nil.
    func workout(_ id: WorkoutID) async throws -> Workout?
    /// The seconds of `workout`, in order.
    func samples(of workout: WorkoutID) async throws -> [WorkoutSample]
    /// The laps of `workout`, in order.
    func laps(of workout: WorkoutID) async throws -> [WorkoutLap]
    /// The pauses of `workout`, in order.
    func pauses(of workout: WorkoutID) async throws -> [WorkoutPause]
    /// The program steps of `workout`, by number; empty when no program was followed.
    func programSteps(of workout: WorkoutID) async throws -> [WorkoutProgramStep]
    /// Whether any second of `workout` has a position: GPX needs one for every point.
    func hasPositions(_ workout: WorkoutID) async throws -> Bool
    /// The profile (the heart-rate zones' age, and whether the all-day log is on), or nil when none is saved.
    func profile() async throws -> Profile?
    /// The finished workouts' totals per local day, month or year, or in one row (`stayfit stats`).
    func workoutTotalsByDay(
        from start: Date?, to end: Date?, includeSimulated: Bool, grouping: WorkoutDayTotals.Grouping,
        kind: WorkoutKind?
    ) async throws -> [WorkoutDayTotals]
    /// The all-day heart-rate log from `start` to `end` in at most `maxPoints` stretches (`stayfit hr plot`).
    func heartRate(from start: Date, to end: Date, maxPoints: Int) async throws -> [HeartRatePoint]
    /// The all-day heart-rate log per local day from `start` to `end`.
    func heartRateByDay(from start: Date, to end: Date) async throws -> [HeartRatePoint]
    /// Every RR interval in the log from `start` to `end`, in 1/1024 s: a day's heart-rate variability.
    func heartRateIntervals(from start: Date, to end: Date) async throws -> [UInt16]
    /// Deletes `workout` with its samples, pauses, laps and program steps.
    ///
    /// - Throws: the store's error when there is no such workout.
    func deleteWorkout(_ workout: WorkoutID) async throws
}
