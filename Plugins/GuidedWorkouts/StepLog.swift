import Foundation
import HubCore

/// Stores each step of a program's run with the workout as the step ends, so that a crash loses at most the step
/// under way.
///
/// The plugin calls ``workoutChanged(_:)`` before the session sees a `WorkoutStateChanged` (to learn the workout's
/// id) and ``save(from:)`` after every message the session handled. A store that fails is logged and counted, and
/// the steps it refused are tried again when the next step ends: the program never stops for it. Without a store
/// (a hub without storage, a test's) nothing is stored.
struct StepLog {
    private let store: (any ProgramStepLog)?
    private let context: PluginContext
    /// The workout the run under way (or last ended) was followed in.
    private var workoutID: WorkoutID?
    /// The program followed in that workout, once its run was seen; nil while none was.
    private var program: String?
    /// How many of the run's records are stored or waiting in `pending`.
    private var taken = 0
    /// Steps the store refused, oldest first, each with its workout.
    private var pending: [(workout: WorkoutID, step: WorkoutProgramStep)] = []
    /// How many writes failed since the plugin started.
    private(set) var failures = 0

    init(context: PluginContext) {
        self.context = context
        store = try? context.store((any ProgramStepLog).self)
    }

    /// Notes the workout a new run will be followed in.
    mutating func workoutChanged(_ change: WorkoutStateChanged) {
        guard change.state == .running, change.previous == .idle || change.previous == .finished else { return }
        workoutID = change.workoutID
        program = nil
        taken = 0
    }

    /// Stores the steps of `session`'s run that ended since the last call.
    mutating func save(from session: ProgramSession) async {
        guard let store else { return }
        if let run = session.run { program = run.program.name }
        // A run that has ended leaves its records in `lastRecords`; `program` is nil unless this workout had a run,
        // so an earlier workout's records are never taken for this one's.
        let records = session.run?.records ?? session.lastRecords
        // Only a step's end tries the refused ones again: a broken store is not asked every second.
        guard let workoutID, let program, records.count > taken else { return }
        for record in records[taken...] {
            pending.append((workoutID, Self.stored(record, program: program, now: context.clock.now)))
        }
        taken = records.count
        while let (workout, step) = pending.first {
            do {
                try await store.recordProgramStep(step, of: workout)
                pending.removeFirst()
            } catch {
                failures += 1
                context.logger.error(
                    "cannot store a program step; it is tried again when the next step ends",
                    metadata: [
                        "workout": "\(workout)", "step": "\(step.number)", "failures": "\(failures)",
                        "error": "\(error)",
                    ])
                return
            }
        }
    }

    /// `record` as the store keeps it; a record without wall-clock labels (figures without them) is labelled now.
    static func stored(_ record: StepRecord, program: String, now: Date) -> WorkoutProgramStep {
        let outcome: WorkoutProgramStep.Outcome =
            switch record.outcome {
            case .completed: .completed
            case .skipped: .skipped
            case .stopped: .stopped
            }
        let endedAt = record.endedAt ?? now
        return WorkoutProgramStep(
            number: record.number, title: record.title, program: program, outcome: outcome,
            plannedRepetitions: record.plannedRepetitions, repetitions: record.repetitions,
            plannedWeightKilograms: record.plannedWeightKilograms, plannedSeconds: record.plannedTime?.seconds,
            plannedDistanceMeters: record.plannedDistanceMeters, seconds: record.time.seconds,
            distanceMeters: record.distanceMeters, averagePowerWatts: record.averagePowerWatts,
            averageHeartRate: record.averageHeartRate, plannedPowerStartWatts: record.plannedPowerStartWatts,
            plannedPowerEndWatts: record.plannedPowerEndWatts,
            startedAt: record.startedAt ?? endedAt.addingTimeInterval(-record.time.seconds), endedAt: endedAt)
    }
}
