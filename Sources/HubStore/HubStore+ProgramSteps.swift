import Foundation
import GRDB
import Records

extension HubStore {
    /// Stores one step of the program followed in `workout`; a step with the same number is replaced, so a step
    /// written again (after a retry) is there once.
    ///
    /// - Throws: `HubStoreError` when the write fails, or when there is no such workout (the foreign key).
    public func recordProgramStep(_ step: WorkoutProgramStep, of workout: WorkoutID) async throws {
        try await write { db in
            try db.execute(
                sql: """
                    INSERT OR REPLACE INTO workout_program_steps
                        (workout_id, number, title, program, outcome, planned_reps, reps, planned_weight_kg,
                         planned_seconds, planned_distance_m, seconds, distance_m, power_avg, heart_rate_avg,
                         planned_power_start, planned_power_end, started_at, ended_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    workout, step.number, step.title, step.program, step.outcome.rawValue, step.plannedRepetitions,
                    step.repetitions, step.plannedWeightKilograms, step.plannedSeconds, step.plannedDistanceMeters,
                    step.seconds, step.distanceMeters, step.averagePowerWatts, step.averageHeartRate,
                    step.plannedPowerStartWatts, step.plannedPowerEndWatts, step.startedAt.timeIntervalSince1970,
                    step.endedAt.timeIntervalSince1970,
                ])
        }
    }

    /// The program steps stored with `workout`, by number; empty when it followed no program.
    public func programSteps(of workout: WorkoutID) async throws -> [WorkoutProgramStep] {
        try await read { db in
            try Row.fetchAll(
                db, sql: "SELECT * FROM workout_program_steps WHERE workout_id = ? ORDER BY number",
                arguments: [workout]
            ).map { row in
                WorkoutProgramStep(
                    number: row["number"], title: row["title"], program: row["program"],
                    // The CHECK constraint admits only the three; a later hub's new outcome reads as stopped.
                    outcome: WorkoutProgramStep.Outcome(rawValue: row["outcome"]) ?? .stopped,
                    plannedRepetitions: row["planned_reps"], repetitions: row["reps"],
                    plannedWeightKilograms: row["planned_weight_kg"], plannedSeconds: row["planned_seconds"],
                    plannedDistanceMeters: row["planned_distance_m"], seconds: row["seconds"],
                    distanceMeters: row["distance_m"], averagePowerWatts: row["power_avg"],
                    averageHeartRate: row["heart_rate_avg"], plannedPowerStartWatts: row["planned_power_start"],
                    plannedPowerEndWatts: row["planned_power_end"],
                    startedAt: Date(timeIntervalSince1970: row["started_at"]),
                    endedAt: Date(timeIntervalSince1970: row["ended_at"]))
            }
        }
    }
}
