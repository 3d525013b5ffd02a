import HubCore

/// A workout kind in the words a page says: "ride" in "Delete the ride of 27 November", "rides" in "No rides
/// between …". A kind a later hub stored, unknown here, is a "workout".
enum KindWords {
    /// "run", "indoor ride", "strength workout".
    static func one(_ kind: WorkoutKind) -> String {
        switch kind {
        case .run, .walk, .ride, .row: kind.rawValue
        case .indoorRide: "indoor ride"
        case .treadmill: "treadmill workout"
        case .strength: "strength workout"
        case .other: "other workout"
        default: "workout"
        }
    }

    /// "runs", "indoor rides", "workouts" for all kinds (nil).
    static func many(_ kind: WorkoutKind?) -> String {
        guard let kind else { return "workouts" }
        return one(kind) + "s"
    }
}
