import Foundation
import GRDB
import Records

/// A finished workout recorded elsewhere (a GPX or TCX file), with everything that is stored of it.
public struct ImportedWorkout: Sendable, Equatable {
    public var startedAt: Date
    public var endedAt: Date
    public var totals: WorkoutTotals
    /// One per second of moving time, `second` counting from 1.
    public var samples: [WorkoutSample]
    public var laps: [WorkoutLap]
    public var pauses: [WorkoutPause]
    /// The sport the file stated, stored with the workout.
    public var sport: String?
    /// The kind of workout, from the file's sport (running → run, biking → ride) unless the importer says better.
    public var kind: WorkoutKind = .default

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
        try await importWorkout { seconds in
            for sample in imported.samples { try seconds.append(sample) }
            return imported
        }.id
    }

    /// Stores a finished workout whose seconds are made while it is stored, in one transaction, and returns its id
    /// with the workout `produce` described.
    ///
    /// `produce` appends each second to `seconds` as soon as it is made, then returns the workout's start, end,
    /// totals, laps and pauses (its `samples` are not read: the appended seconds are the workout's). A long
    /// activity's seconds are then never all held at once: a 10-hour workout has 36,000 of them, 130 bytes each.
    ///
    /// Either all of it is stored or, when `produce` or a write throws, nothing: the transaction is rolled back,
    /// and history never holds half an import.
    ///
    /// ```swift
    /// let (id, workout) = try await store.importWorkout { seconds in
    ///     for sample in replayedSeconds { try seconds.append(sample) }
    ///     return ImportedWorkout(startedAt: start, endedAt: end, totals: totals, samples: [])
    /// }
    /// ```
    public func importWorkout(
        _ produce: @escaping @Sendable (_ seconds: ImportedSeconds) throws -> ImportedWorkout
    ) async throws -> (id: WorkoutID, workout: ImportedWorkout) {
        try await write { db in
            // The row comes first, so that the seconds can refer to it; its figures are known at the end.
            try db.execute(
                sql: "INSERT INTO workouts (started_at, status, person_id) VALUES (0, 'finished', ?)",
                arguments: [try self.personID(db)])
            let id = db.lastInsertedRowID
            let imported = try produce(try ImportedSeconds(workoutID: id, db: db))
            try db.execute(
                sql: """
                    UPDATE workouts SET started_at = ?, ended_at = ?, moving_seconds = ?, distance_m = ?, steps = ?,
                        kcal = ?, speed_min = ?, speed_max = ?, speed_avg = ?, heart_rate_avg = ?, heart_rate_max = ?,
                        rmssd_ms = ?, elevation_gain_m = ?, elevation_loss_m = ?, sport = ?, kind = ?,
                        cadence_avg = ?, cadence_max = ?, power_avg = ?, power_max = ?, power_normalized = ?, work_kj = ?
                    WHERE id = ?
                    """,
                arguments: [
                    imported.startedAt.timeIntervalSince1970, imported.endedAt.timeIntervalSince1970,
                    imported.totals.movingSeconds, imported.totals.distanceMeters, imported.totals.steps,
                    imported.totals.kilocalories, imported.totals.minSpeedMetersPerSecond,
                    imported.totals.maxSpeedMetersPerSecond, imported.totals.averageSpeedMetersPerSecond,
                    imported.totals.averageHeartRate, imported.totals.maxHeartRate, imported.totals.rmssdMilliseconds,
                    imported.totals.elevationGainMeters, imported.totals.elevationLossMeters, imported.sport,
                    imported.kind.rawValue, imported.totals.averageCadence, imported.totals.maxCadence,
                    imported.totals.averagePower, imported.totals.maxPower, imported.totals.normalizedPower,
                    imported.totals.workKilojoules, id,
                ])
            for lap in imported.laps {
                try db.execute(
                    sql: """
                        INSERT INTO workout_laps
                            (workout_id, number, ended_at, moving_seconds, distance_m, power_avg, cadence_avg)
                        VALUES (?, ?, ?, ?, ?, ?, ?)
                        """,
                    arguments: [
                        id, lap.number, lap.endedAt.timeIntervalSince1970, lap.movingSeconds, lap.distanceMeters,
                        lap.averagePower, lap.averageCadence,
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
            return (id, imported)
        }
    }
}

/// The seconds of a workout being imported, written into the import's transaction as they are made.
///
/// Only valid inside the closure given to `HubStore.importWorkout(_:)`, on its thread.
public final class ImportedSeconds {
    private let workoutID: Int64
    private let db: Database
    private let insert: Statement
    /// How many seconds were appended.
    public private(set) var count = 0

    fileprivate init(workoutID: Int64, db: Database) throws {
        self.workoutID = workoutID
        self.db = db
        insert = try db.makeStatement(
            sql: """
                INSERT INTO workout_samples
                    (workout_id, second, recorded_at, heart_rate, latitude, longitude, speed, distance_m, kcal, steps, rr,
                     altitude_m, cadence, power)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
    }

    /// Stores one second; seconds come in order.
    public func append(_ sample: WorkoutSample) throws {
        try insert.execute(arguments: [
            workoutID, sample.second, sample.recordedAt.timeIntervalSince1970, sample.heartRate, sample.latitude,
            sample.longitude, sample.speedMetersPerSecond, sample.distanceMeters, sample.kilocalories, sample.steps,
            HubStore.encode(rr: sample.rrIntervals1024), sample.altitudeMeters, sample.cadence, sample.powerWatts,
        ])
        count += 1
    }

    /// Rescales the appended seconds' running energy totals so that they end at `total` (a recorder's own figure)
    /// rather than at `estimated`, the hub's estimate; with no estimate (0), the energy is spread evenly.
    public func scaleKilocalories(from estimated: Double, to total: Double) throws {
        guard count > 0 else { return }
        if estimated > 0 {
            try db.execute(
                sql: "UPDATE workout_samples SET kcal = kcal * ? WHERE workout_id = ?",
                arguments: [total / estimated, workoutID])
        } else {
            // `second` counts the moving seconds from 1, so the running total grows by the same amount each second.
            try db.execute(
                sql: "UPDATE workout_samples SET kcal = ? * second / ? WHERE workout_id = ?",
                arguments: [total, Double(count), workoutID])
        }
    }
}
