import Foundation
import HubCore
import Positioning
import Synchronization

extension LocationPlugin {
    /// Auto-pause's state, shared by the task that follows the workout's state and the reader's thread that
    /// takes the fixes. Made with the plugin, so that a restarted plugin still knows the workout's state.
    final class AutoPauseLink: Sendable {
        private let state: Mutex<AutoPause>

        init(settings: AutoPause.Settings) { state = Mutex(AutoPause(settings: settings)) }

        func workoutChanged(to workout: WorkoutState) { state.withLock { $0.workoutChanged(to: workout) } }

        /// The workout's state as auto-pause knows it.
        var workout: WorkoutState { state.withLock { $0.workout } }

        func take(speed: Double, at time: Date) -> WorkoutCommand.Action? {
            state.withLock { $0.take(speed: speed, at: time) }
        }
    }

    /// Follows the workout's state for auto-pause until cancelled.
    func followWorkout(_ autoPause: AutoPauseLink, _ changes: Inbox<WorkoutStateChanged>) async {
        for await change in changes { autoPause.workoutChanged(to: change.state) }
    }

    /// Gives auto-pause a published fix, and pauses or resumes the workout when it says so.
    func autoPause(after fix: FilteredFix) {
        guard let autoPause, let action = autoPause.take(speed: fix.speedMetersPerSecond, at: fix.time) else {
            return
        }
        context.logger.info("auto-pause", metadata: ["action": "\(action.rawValue)"])
        // Said before the engine's own "Workout paused." / "Workout resumed.", so it is clear why.
        context.bus.publish(Announcement(action == .pause ? "Auto-pause: not moving." : "Auto-resume: moving again."))
        context.bus.publish(WorkoutCommand(action))
    }
}
