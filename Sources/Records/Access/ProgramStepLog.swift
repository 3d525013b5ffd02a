/// Where what was done in each step of a guided program is stored with the workout it was followed in.
///
/// `HubStore` conforms. The guided-workouts plugin writes each step as it ends; the CLI and the exports read them.
///
/// ```swift
/// let log = try context.store((any ProgramStepLog).self)
/// try await log.recordProgramStep(step, of: workoutID)
/// ```
public protocol ProgramStepLog: Sendable {
    /// Stores `step` of `workout`; a step with the same number is replaced.
    func recordProgramStep(_ step: WorkoutProgramStep, of workout: WorkoutID) async throws
    /// The program steps of `workout`, by number; empty when no program was followed.
    func programSteps(of workout: WorkoutID) async throws -> [WorkoutProgramStep]
}
