import HubCore
import Testing

@Suite struct WorkoutStateMachineTests {
    typealias Effect = WorkoutStateMachine.Effect

    static let noWorkout = Effect.refuse("No workout is under way.")
    static let underWay = Effect.refuse("A workout is already under way.")

    /// Every command in every state.
    static let table: [(WorkoutCommand.Action, WorkoutState, Effect)] = [
        (.start, .idle, .start), (.start, .running, underWay), (.start, .paused, underWay), (.start, .finished, .start),
        (.pause, .idle, noWorkout), (.pause, .running, .pause),
        (.pause, .paused, .refuse("The workout is already paused.")),
        (.pause, .finished, noWorkout),
        (.resume, .idle, noWorkout), (.resume, .running, .refuse("The workout is already running.")),
        (.resume, .paused, .resume), (.resume, .finished, noWorkout),
        (.toggle, .idle, .start), (.toggle, .running, .pause), (.toggle, .paused, .resume),
        (.toggle, .finished, .start),
        (.stop, .idle, noWorkout), (.stop, .running, .stop), (.stop, .paused, .stop), (.stop, .finished, noWorkout),
        (.lap, .idle, noWorkout), (.lap, .running, .lap), (.lap, .paused, .lap), (.lap, .finished, noWorkout),
    ]

    @Test func theTableCoversEveryCommandInEveryState() {
        let covered = Set(Self.table.map { "\($0.0)/\($0.1)" })
        let all: [WorkoutState] = [.idle, .running, .paused, .finished]
        #expect(covered.count == WorkoutCommand.Action.allCases.count * all.count)
    }

    @Test(arguments: table)
    func eachCommandHasItsEffectInEachState(action: WorkoutCommand.Action, state: WorkoutState, effect: Effect) {
        #expect(WorkoutStateMachine.effect(of: action, in: state) == effect)
    }
}
