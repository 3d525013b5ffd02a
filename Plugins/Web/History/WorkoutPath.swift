import HubCore

/// The `{id}` of `/workouts/{id}…`: a workout's number, checked before it reaches the store.
enum WorkoutPath {
    /// The id in `text`, or nil when it is no positive whole number (`7`, not `07x`, `-1` or `../x`).
    static func id(_ text: some StringProtocol) -> WorkoutID? {
        guard (1...18).contains(text.count), text.allSatisfy({ $0.isASCII && $0.isNumber }),
            let id = WorkoutID(text), id > 0
        else { return nil }
        return id
    }

    /// The workout's page: `/workouts/7`.
    static func page(_ id: WorkoutID) -> String { "/workouts/\(id)" }
}
