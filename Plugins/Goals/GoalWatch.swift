import HubCore
import Synchronization

/// The `GoalTracker` behind a lock, shared by the plugin's bus routes (which run inside the engine's `publish`) and
/// its run loop (which reads the settings from the store), and the messages it asks for, published.
final class GoalWatch: Sendable {
    private let tracker = Mutex(GoalTracker())
    private let bus: MessageBus

    init(bus: MessageBus) { self.bus = bus }

    /// Applies `change` to the tracker, publishes the messages it asks for, in order, and returns what is left
    /// for the run loop: the goals to store.
    ///
    /// The messages are published outside the lock: a subscriber that publishes in turn never waits on it.
    func update(_ change: (inout GoalTracker) -> [GoalTracker.Output]) -> [(goal: Goal?, workout: WorkoutID)] {
        let outputs = tracker.withLock { change(&$0) }
        var toStore: [(goal: Goal?, workout: WorkoutID)] = []
        for output in outputs {
            switch output {
            case .progress(let progress): bus.publish(progress)
            case .reached(let reached): bus.publish(reached)
            case .announcement(let announcement): bus.publish(announcement)
            case .stop(let command): bus.publish(command)
            case .storeGoal(let goal, let workout): toStore.append((goal, workout))
            }
        }
        return toStore
    }
}
