/// What the goals plugin needs of the store, and nothing more.
///
/// `HubStore` conforms; HubTestKit has an in-memory one.
///
/// ```swift
/// if let goal = try await goals.activeGoal() { try await goals.updateGoal(goal, of: workout) }
/// ```
public protocol GoalStore: Sendable {
    /// The goal every new workout aims at, or nil when none is set.
    func activeGoal() async throws -> Goal?
    /// Whether a workout stops (and is saved) by itself when it reaches the active goal.
    func goalAutoStop() async throws -> Bool
    /// Stores what `workout` aims at: the record of the goal that a report shows.
    func updateGoal(_ goal: Goal?, of workout: WorkoutID) async throws
}
