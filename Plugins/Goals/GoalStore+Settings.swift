import HubCore

// `GoalStore`, what the plugin needs of the store, is declared beside the store's other narrow views (the Records
// module), so that `HubStore` conforms in its own module and HubTestKit has an in-memory one.

extension GoalStore {
    /// The goal and its auto-stop, as stored now.
    func goalSettings() async throws -> GoalSettings {
        GoalSettings(goal: try await activeGoal(), autoStop: try await goalAutoStop())
    }
}
