/// The workout's states and which command does what in each: idle → running ⇄ paused → finished.
///
/// Pure, so every state/command pair is unit-tested; the engine performs the effect it returns.
public enum WorkoutStateMachine {
    /// What the engine must do for a command.
    public enum Effect: Sendable, Equatable {
        case start, pause, resume, stop, lap
        /// Nothing to do; the sentence says why, for the person who pressed the button.
        case refuse(String)
    }

    /// The effect of `action` in `state`.
    public static func effect(of action: WorkoutCommand.Action, in state: WorkoutState) -> Effect {
        switch (action, state) {
        case (.start, .idle), (.start, .finished), (.toggle, .idle), (.toggle, .finished): .start
        case (.start, _): .refuse("A workout is already under way.")
        case (.pause, .running), (.toggle, .running): .pause
        case (.pause, .paused): .refuse("The workout is already paused.")
        case (.resume, .paused), (.toggle, .paused): .resume
        case (.resume, .running): .refuse("The workout is already running.")
        case (.stop, .running), (.stop, .paused): .stop
        case (.lap, .running), (.lap, .paused): .lap
        case (.pause, _), (.resume, _), (.stop, _), (.lap, _): .refuse("No workout is under way.")
        }
    }
}
