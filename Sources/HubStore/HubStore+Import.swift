import Foundation
import GRDB

/// A finished workout recorded elsewhere (a GPX or TCX file), with everything that is stored of it.
public struct ImportedWorkout: Sendable, Equatable {
    public var startedAt: Date
    public var endedAt: Date
    public var totals: WorkoutTotals
    /// One per second of moving time, `second` counting from 1.
    public var samples: [WorkoutSample]
    public var laps: [WorkoutLap]
    public var pauses: [WorkoutPause]

    public init(
        startedAt: Date, endedAt: Date, totals: WorkoutTotals, samples: [WorkoutSample], laps: [WorkoutLap] = [],
        pauses: [WorkoutPause] = []
    ) {
        self.startedAt = startedAt
        self.endedAt = endedAt
        self.totals = totals
        self.samples = samples
        self.laps = laps
        self.pauses = pauses
    }
}

extension HubStore {
    /// Stores a finished workout with its samples, laps and pauses in one transaction, and returns its id.
    ///
    /// Either all of it is stored or, on any failure, nothing: history never holds half an import.
    public func importWorkout(_ imported: ImportedWorkout) async throws -> WorkoutID {
        try await write { db in
            try db.execute(
                sql: """
                    INSERT INTO workouts (started_at, ended_at, status, moving_seconds, distance_m, steps, kcal,
                        speed_min, speed_max, speed_avg, heart_rate_avg, heart_rate_max, rmssd_ms)
                    VALUES (?, ?, 'finished', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    imported.startedAt.timeIntervalSince1970, imported.endedAt.timeIntervalSince1970,
                    imported.totals.movingSeconds, imported.totals.distanceMeters, imported.totals.steps,
                    imported.totals.kilocalories, imported.totals.minSpeedMetersPerSecond,
                    imported.totals.maxSpeedMetersPerSecond, imported.totals.averageSpeedMetersPerSecond,
                    imported.totals.averageHeartRate, imported.totals.maxHeartRate, imported.totals.rmssdMilliseconds,
                ])
            let id = db.lastInsertedRowID
            let insert = try db.cachedStatement(
                sql: """
                    INSERT INTO workout_samples
                        (workout_id, second, recorded_at, heart_rate, latitude, longitude, speed, distance_m, kcal, steps, rr,
                         altitude_m)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """)
            for sample in imported.samples {
                try insert.execute(arguments: [
                    id, sample.second, sample.recordedAt.timeIntervalSince1970, sample.heartRate, sample.latitude,
                    sample.longitude, sample.speedMetersPerSecond, sample.distanceMeters, sample.kilocalories,
                    sample.steps, Self.encode(rr: sample.rrIntervalsMilliseconds), sample.altitudeMeters,
                ])
            }
            for lap in imported.laps {
                try db.execute(
                    sql: """
                        INSERT INTO workout_laps (workout_id, number, ended_at, moving_seconds, distance_m)
                        VALUES (?, ?, ?, ?, ?)
                        """,
                    arguments: [
                        id, lap.number, lap.endedAt.timeIntervalSince1970, lap.movingSeconds, lap.distanceMeters,
                    ])
            }
            for pause in imported.pauses {
                try db.execute(
                    sql: "INSERT OR REPLACE INTO workout_pauses (workout_id, started_at, ended_at) VALUES (?, ?, ?)",
                    arguments: [
                        id, pause.startedAt.timeIntervalSince1970,
                        (pause.endedAt ?? imported.endedAt).timeIntervalSince1970,
                    ])
            }
            return id
        }
    }
}
