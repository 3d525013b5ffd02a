import Foundation

/// Where the goal and its auto-stop are read and set: what `stayfit goals` and the web's goal page write through
/// alike.
///
/// `HubStore` conforms; HubTestKit's `InMemoryGoalStore` too.
///
/// ```swift
/// try await goals.setActiveGoal(Goal(kind: .distance, target: 5_000), at: now)
/// let stops = try await goals.setGoalAutoStop(true)
/// ```
public protocol GoalBook: Sendable {
    /// The goal every new workout aims at, or nil when none is set.
    func activeGoal() async throws -> Goal?
    /// Whether a workout stops (and is saved) by itself when it reaches the active goal; false with no goal.
    func goalAutoStop() async throws -> Bool
    /// Makes `goal` the active one, keeping the auto-stop of the goal it replaces; nil clears the goal and its
    /// auto-stop.
    func setActiveGoal(_ goal: Goal?, at date: Date) async throws
    /// Turns the active goal's auto-stop on or off.
    ///
    /// - Returns: false, changing nothing, when no goal is set (the switch belongs to a goal).
    @discardableResult
    func setGoalAutoStop(_ enabled: Bool) async throws -> Bool
}
