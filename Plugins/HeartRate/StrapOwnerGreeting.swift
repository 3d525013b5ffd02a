import HubCore
import Synchronization

/// Decides when a strap that connects names whose the next workout is (`stayfit devices pair ADDRESS --person
/// Sam`): the plugin then publishes `ChoosePerson`, and the people plugin says "Hello Sam." — one place says hello.
///
/// Not while a workout is under way: that workout is someone's, and a strap reconnecting in the middle of it must not
/// hand the next one to anybody. Not again for a link that is only restored to the person greeted last: a strap that
/// drops out and back between workouts says hello once.
final class StrapOwnerGreeting: Sendable {
    private struct State {
        var workout = WorkoutState.idle
        var greeted: String?
    }

    private let state = Mutex(State())

    /// Follows the workout engine's state (`WorkoutStateChanged`).
    func workoutChanged(to workout: WorkoutState) { state.withLock { $0.workout = workout } }

    /// Whether a workout is running or paused, as far as the plugin has heard.
    var workoutUnderWay: Bool { state.withLock { [.running, .paused].contains($0.workout) } }

    /// Whether to choose `owner`, whose strap has just connected (`restored`: connected again after a loss;
    /// `afterWorkout`: handed the hub when a workout ended, which the state heard here may not show yet); if so,
    /// remembers them as greeted.
    func shouldGreet(_ owner: String, restored: Bool, afterWorkout: Bool = false) -> Bool {
        state.withLock { state in
            guard afterWorkout || ![.running, .paused].contains(state.workout) else { return false }
            guard !restored || state.greeted != owner else { return false }
            state.greeted = owner
            return true
        }
    }
}
