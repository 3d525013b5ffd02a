import HubCore

/// What the coach reacts to: the bus messages it takes, in the order they were published.
enum CoachEvent: Sendable {
    case progress(WorkoutProgress)
    case state(WorkoutStateChanged)
    case lap(LapCompleted)
    case goal(GoalProgress)
    case goalReached(GoalReached)
    case recovered(WorkoutRecovered)
    case sensor(SensorStatusChanged)
    case announcement(Announcement)
}
