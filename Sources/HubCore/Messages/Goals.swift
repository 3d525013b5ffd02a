import Records

/// How far the current workout is towards its goal, published by the goals plugin after each `WorkoutProgress`
/// of a workout that has a goal.
public struct GoalProgress: BusMessage, Equatable {
    /// The workout whose progress this is.
    public var workoutID: WorkoutID
    public var goal: Goal
    /// Progress in the goal's unit: metres, seconds, steps or kcal.
    public var value: Double
    /// 0 to 100, capped.
    public var percent: Int {
        // Capped before the conversion: a tiny stored target would otherwise make an Int out of infinity.
        goal.target > 0 ? Format.wholeNumber(min(100, max(0, (value / goal.target * 100).rounded(.down)))) : 0
    }

    public init(workoutID: WorkoutID, goal: Goal, value: Double) {
        self.workoutID = workoutID
        self.goal = goal
        self.value = value
    }
}

/// The current workout reached its goal (published once per workout).
public struct GoalReached: BusMessage, Equatable {
    public var goal: Goal

    public init(goal: Goal) { self.goal = goal }
}
