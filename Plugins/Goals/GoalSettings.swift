import HubCore

/// What the person set with `stayfit goals`: the goal of every workout, and whether reaching it stops the workout.
///
/// Stored in the database (the `goals` table), not in the configuration: the command line changes it while the hub
/// runs, and the hub picks the change up within 2 seconds.
public struct GoalSettings: Sendable, Equatable {
    /// The goal every new workout aims at; nil when none is set.
    public var goal: Goal?
    /// Whether reaching the goal stops and saves the workout (`stayfit goals enable`).
    public var autoStop: Bool

    public init(goal: Goal?, autoStop: Bool) {
        self.goal = goal
        self.autoStop = autoStop
    }
}
