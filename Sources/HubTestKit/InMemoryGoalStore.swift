import Foundation
import HubCore
import Synchronization

/// The goals plugin's store (and the goal page's), in memory: the active goal, its auto-stop, and the goal stored with each workout.
public final class InMemoryGoalStore: GoalStore, GoalBook {
    private struct State {
        var goal: Goal?
        var autoStop: Bool
        var workoutGoals: [WorkoutID: Goal?] = [:]
    }

    private let state: Mutex<State>

    public init(goal: Goal? = nil, autoStop: Bool = false) { state = Mutex(State(goal: goal, autoStop: autoStop)) }

    /// Sets the active goal and its auto-stop, as `stayfit goals` would (publish `StoreChanged(section: .goals)`).
    public func set(goal: Goal?, autoStop: Bool) {
        state.withLock {
            $0.goal = goal
            $0.autoStop = autoStop
        }
    }

    /// The goal stored with `workout`: nil when none was, `.some(nil)` when "no goal" was.
    public func goal(of workout: WorkoutID) -> Goal?? { state.withLock { $0.workoutGoals[workout] } }

    public func activeGoal() async throws -> Goal? { state.withLock { $0.goal } }

    public func goalAutoStop() async throws -> Bool { state.withLock { $0.autoStop } }

    public func updateGoal(_ goal: Goal?, of workout: WorkoutID) async throws {
        state.withLock { $0.workoutGoals[workout] = .some(goal) }
    }

    public func setActiveGoal(_ goal: Goal?, at date: Date) async throws {
        state.withLock {
            $0.goal = goal
            if goal == nil { $0.autoStop = false }
        }
    }

    @discardableResult
    public func setGoalAutoStop(_ enabled: Bool) async throws -> Bool {
        state.withLock {
            guard $0.goal != nil else { return false }
            $0.autoStop = enabled
            return true
        }
    }
}
