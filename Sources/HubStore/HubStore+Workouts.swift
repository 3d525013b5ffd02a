import Foundation
import GRDB
import Records

extension HubStore {
    // MARK: - Recording

    /// Creates a running workout and returns its id.
    ///
    /// - Parameter simulated: recorded from simulated sensors or on a sped-up clock.
    public func startWorkout(
        at date: Date, goal: Goal?, simulated: Bool = false, seenAt boot: BootTime? = nil, kind: WorkoutKind = .default
    ) async throws -> WorkoutID {
        try await write { db in
            try db.execute(
                sql: """
                    INSERT INTO workouts (started_at, status, goal_kind, goal_target, simulated, boot_id, boot_seconds, kind,
                                          person_id)
                    VALUES (?, 'running', ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    date.timeIntervalSince1970, goal?.kind.rawValue, goal?.target, simulated, boot?.bootID,
                    boot?.secondsSinceBoot, kind.rawValue, try self.personID(db),
                ])
            return db.lastInsertedRowID
        }
    }

    /// Marks a workout as simulated (a simulated reading reached it).
    public func markSimulated(_ workout: WorkoutID) async throws {
        try await write { db in
            try db.execute(sql: "UPDATE workouts SET simulated = 1 WHERE id = ?", arguments: [workout])
        }
    }

    /// Appends seconds of a workout and its new totals in one transaction: either all of it is stored or none.
    ///
    /// - Parameter boot: where the machine's boot stood at the last of these seconds, for crash recovery.
    public func recordSamples(
        _ samples: [WorkoutSample], totals: WorkoutTotals, of workout: WorkoutID, seenAt boot: BootTime? = nil
    ) async throws {
        try await write { db in try Self.insert(samples, totals: totals, of: workout, seenAt: boot, in: db) }
    }

    /// Appends seconds as ``recordSamples(_:totals:of:seenAt:)`` does, at once on the calling thread, on a connection
    /// of their own that never waits for the write lock: false, with nothing stored, when another connection holds
    /// it (the CLI, a VACUUM, the hub's own other writes), a checkpoint is due, or the write fails.
    ///
    /// For the workout engine on the clock's timer thread, which hands what this declines to its writer thread.
    public func recordSamplesAtOnce(
        _ samples: [WorkoutSample], totals: WorkoutTotals, of workout: WorkoutID, seenAt boot: BootTime? = nil
    ) -> Bool {
        let stored = immediateWriter.write { db in
            try Self.insert(samples, totals: totals, of: workout, seenAt: boot, in: db)
        }
        if stored { announceWrite() }
        return stored
    }

    /// Every second of a workout: cached statements only, so SQLite parses nothing again.
    private static func insert(
        _ samples: [WorkoutSample], totals: WorkoutTotals, of workout: WorkoutID, seenAt boot: BootTime?,
        in db: Database
    ) throws {
        let insert = try db.cachedStatement(
            sql: """
                INSERT OR REPLACE INTO workout_samples
                    (workout_id, second, recorded_at, heart_rate, latitude, longitude, speed, distance_m, kcal, steps, rr,
                     altitude_m, cadence, power)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
        for sample in samples {
            try insert.execute(arguments: [
                workout, sample.second, sample.recordedAt.timeIntervalSince1970, sample.heartRate,
                sample.latitude, sample.longitude, sample.speedMetersPerSecond, sample.distanceMeters,
                sample.kilocalories, sample.steps, encode(rr: sample.rrIntervals1024), sample.altitudeMeters,
                sample.cadence, sample.powerWatts,
            ])
        }
        try updateTotals(totals, of: workout, in: db, seenAt: boot)
    }

    /// Starts a pause: the workout is stored as paused from `date`.
    public func beginPause(of workout: WorkoutID, at date: Date, seenAt boot: BootTime? = nil) async throws {
        try await write { db in
            if let boot {
                try db.execute(
                    sql: "UPDATE workouts SET boot_id = ?, boot_seconds = ? WHERE id = ?",
                    arguments: [boot.bootID, boot.secondsSinceBoot, workout])
            }
            try db.execute(
                sql: "INSERT OR IGNORE INTO workout_pauses (workout_id, started_at) VALUES (?, ?)",
                arguments: [workout, date.timeIntervalSince1970])
            try db.execute(sql: "UPDATE workouts SET status = 'paused' WHERE id = ?", arguments: [workout])
        }
    }

    /// Ends the open pause (if any) at `date`; the workout is stored as running again.
    public func endPause(of workout: WorkoutID, at date: Date) async throws {
        try await write { db in
            try db.execute(
                sql: "UPDATE workout_pauses SET ended_at = ? WHERE workout_id = ? AND ended_at IS NULL",
                arguments: [date.timeIntervalSince1970, workout])
            try db.execute(sql: "UPDATE workouts SET status = 'running' WHERE id = ?", arguments: [workout])
        }
    }

    /// Records a pause that already ended, such as the time the hub was down before it resumed a workout.
    public func recordPause(of workout: WorkoutID, from start: Date, to end: Date) async throws {
        try await write { db in
            try db.execute(
                sql: "INSERT OR REPLACE INTO workout_pauses (workout_id, started_at, ended_at) VALUES (?, ?, ?)",
                arguments: [workout, start.timeIntervalSince1970, end.timeIntervalSince1970])
        }
    }

    /// Stores a completed lap.
    public func recordLap(_ lap: WorkoutLap, of workout: WorkoutID) async throws {
        try await write { db in
            try db.execute(
                sql: """
                    INSERT OR REPLACE INTO workout_laps
                        (workout_id, number, ended_at, moving_seconds, distance_m, power_avg, cadence_avg)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    workout, lap.number, lap.endedAt.timeIntervalSince1970, lap.movingSeconds, lap.distanceMeters,
                    lap.averagePower, lap.averageCadence,
                ])
        }
    }

    /// Marks the workout finished at `date` with its final totals; closes an open pause at the same time.
    public func finishWorkout(
        _ workout: WorkoutID, at date: Date, totals: WorkoutTotals, recovery: WorkoutRecovery? = nil
    ) async throws {
        try await write { db in
            try Self.updateTotals(totals, of: workout, in: db)
            try db.execute(
                sql: "UPDATE workout_pauses SET ended_at = ? WHERE workout_id = ? AND ended_at IS NULL",
                arguments: [date.timeIntervalSince1970, workout])
            try db.execute(
                sql: """
                    UPDATE workouts SET status = 'finished', ended_at = ?, recovery = COALESCE(?, recovery)
                    WHERE id = ?
                    """,
                arguments: [date.timeIntervalSince1970, recovery?.rawValue, workout])
        }
    }

    /// Changes the goal of a workout under way (the person set a new goal mid-workout).
    public func updateGoal(_ goal: Goal?, of workout: WorkoutID) async throws {
        try await write { db in
            try db.execute(
                sql: "UPDATE workouts SET goal_kind = ?, goal_target = ? WHERE id = ?",
                arguments: [goal?.kind.rawValue, goal?.target, workout])
        }
    }

    /// Notes that an interrupted workout was picked up again after a crash.
    public func markResumed(_ workout: WorkoutID) async throws {
        try await write { db in
            try db.execute(sql: "UPDATE workouts SET recovery = 'resumed' WHERE id = ?", arguments: [workout])
        }
    }

    /// Stores the totals, and when `boot` is given where in the machine's uptime the hub last saw the workout, in
    /// one statement (every second of a workout runs it).
    private static func updateTotals(
        _ totals: WorkoutTotals, of workout: WorkoutID, in db: Database, seenAt boot: BootTime? = nil
    ) throws {
        var arguments: StatementArguments = [
            totals.movingSeconds, totals.distanceMeters, totals.steps, totals.kilocalories,
            totals.minSpeedMetersPerSecond, totals.maxSpeedMetersPerSecond, totals.averageSpeedMetersPerSecond,
            totals.averageHeartRate, totals.maxHeartRate, totals.rmssdMilliseconds, totals.elevationGainMeters,
            totals.elevationLossMeters, totals.averageCadence, totals.maxCadence, totals.averagePower, totals.maxPower,
            totals.normalizedPower, totals.workKilojoules,
        ]
        if let boot {
            arguments += [boot.bootID, boot.secondsSinceBoot, workout]
            try db.cachedStatement(sql: totalsAndBootUpdate).execute(arguments: arguments)
        } else {
            arguments += [workout]
            try db.cachedStatement(sql: totalsUpdate).execute(arguments: arguments)
        }
    }

    private static let totalsColumns = """
        moving_seconds = ?, distance_m = ?, steps = ?, kcal = ?, speed_min = ?, speed_max = ?, speed_avg = ?,
        heart_rate_avg = ?, heart_rate_max = ?, rmssd_ms = ?, elevation_gain_m = ?, elevation_loss_m = ?,
        cadence_avg = ?, cadence_max = ?, power_avg = ?, power_max = ?, power_normalized = ?, work_kj = ?
        """
    private static let totalsUpdate = "UPDATE workouts SET \(totalsColumns) WHERE id = ?"
    private static let totalsAndBootUpdate =
        "UPDATE workouts SET \(totalsColumns), boot_id = ?, boot_seconds = ? WHERE id = ?"

    // MARK: - Reading

    /// The workout that was running or paused when the hub last stopped, if any.
    public func unfinishedWorkout() async throws -> Workout? {
        try await read { db in
            try Row.fetchOne(
                db, sql: "SELECT * FROM workouts WHERE status != 'finished' ORDER BY started_at DESC LIMIT 1"
            ).map(Self.workout(from:))
        }
    }

    /// The current person's stored workouts, newest first.
    public func workouts(limit: Int = 1000) async throws -> [Workout] {
        try await read { db in
            try Row.fetchAll(
                db, sql: "SELECT * FROM workouts WHERE person_id IS ? ORDER BY started_at DESC LIMIT ?",
                arguments: [try self.personID(db), limit]
            ).map(Self.workout(from:))
        }
    }

    /// One workout by id, or nil.
    public func workout(_ id: WorkoutID) async throws -> Workout? {
        try await read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM workouts WHERE id = ?", arguments: [id]).map(Self.workout(from:))
        }
    }

    /// Every stored second of a workout, in order.
    public func samples(of workout: WorkoutID) async throws -> [WorkoutSample] {
        try await read { db in
            try Row.fetchAll(
                db, sql: "SELECT * FROM workout_samples WHERE workout_id = ? ORDER BY second", arguments: [workout]
            ).map(Self.sample(from:))
        }
    }

    /// The workout's pauses, in order.
    public func pauses(of workout: WorkoutID) async throws -> [WorkoutPause] {
        try await read { db in
            try Row.fetchAll(
                db, sql: "SELECT * FROM workout_pauses WHERE workout_id = ? ORDER BY started_at", arguments: [workout]
            ).map { row in
                WorkoutPause(
                    startedAt: Date(timeIntervalSince1970: row["started_at"]),
                    endedAt: (row["ended_at"] as Double?).map(Date.init(timeIntervalSince1970:)))
            }
        }
    }

    /// The workout's laps, in order.
    public func laps(of workout: WorkoutID) async throws -> [WorkoutLap] {
        try await read { db in
            try Row.fetchAll(
                db, sql: "SELECT * FROM workout_laps WHERE workout_id = ? ORDER BY number", arguments: [workout]
            ).map { row in
                WorkoutLap(
                    number: row["number"], endedAt: Date(timeIntervalSince1970: row["ended_at"]),
                    movingSeconds: row["moving_seconds"], distanceMeters: row["distance_m"],
                    averagePower: row["power_avg"], averageCadence: row["cadence_avg"])
            }
        }
    }

    /// Deletes a workout with its samples, pauses, laps and program steps.
    ///
    /// - Throws: `HubStoreError` with `isNotFound` when there is no such workout.
    public func deleteWorkout(_ id: WorkoutID) async throws {
        let path = self.path
        try await write { db in
            try db.execute(sql: "DELETE FROM workouts WHERE id = ?", arguments: [id])
            if db.changesCount == 0 {
                throw HubStoreError.notFound(
                    "there is no workout \(id); 'stayfit workouts list' shows the stored ones", path: path)
            }
        }
    }

    /// RR intervals in the strap's own unit, uint16 1/1024 s little-endian, so they come back exactly; nil for none.
    static func encode(rr: [UInt16]) -> Data? {
        guard !rr.isEmpty else { return nil }
        var bytes: [UInt8] = []
        for interval in rr { bytes += [UInt8(interval & 0xff), UInt8(interval >> 8)] }
        return Data(bytes)
    }

    private static func decode(rr data: Data?) -> [UInt16] {
        guard let data else { return [] }
        let bytes = [UInt8](data)
        return stride(from: 0, to: bytes.count - 1, by: 2).map { UInt16(bytes[$0]) | UInt16(bytes[$0 + 1]) << 8 }
    }

    /// A stored second from its row.
    static func sample(from row: Row) -> WorkoutSample {
        WorkoutSample(
            second: row["second"], recordedAt: Date(timeIntervalSince1970: row["recorded_at"]),
            heartRate: row["heart_rate"], latitude: row["latitude"], longitude: row["longitude"],
            speedMetersPerSecond: row["speed"], distanceMeters: row["distance_m"], kilocalories: row["kcal"],
            steps: row["steps"], rrIntervals1024: decode(rr: row["rr"]), altitudeMeters: row["altitude_m"],
            cadence: row["cadence"], powerWatts: row["power"])
    }

    static func workout(from row: Row) -> Workout {
        var totals = WorkoutTotals()
        totals.movingSeconds = row["moving_seconds"]
        totals.distanceMeters = row["distance_m"]
        totals.steps = row["steps"]
        totals.kilocalories = row["kcal"]
        totals.minSpeedMetersPerSecond = row["speed_min"]
        totals.maxSpeedMetersPerSecond = row["speed_max"]
        totals.averageSpeedMetersPerSecond = row["speed_avg"]
        totals.averageHeartRate = row["heart_rate_avg"]
        totals.maxHeartRate = row["heart_rate_max"]
        totals.rmssdMilliseconds = row["rmssd_ms"]
        totals.elevationGainMeters = row["elevation_gain_m"]
        totals.elevationLossMeters = row["elevation_loss_m"]
        totals.averageCadence = row["cadence_avg"]
        totals.maxCadence = row["cadence_max"]
        totals.averagePower = row["power_avg"]
        totals.maxPower = row["power_max"]
        totals.normalizedPower = row["power_normalized"]
        totals.workKilojoules = row["work_kj"]
        let goal = (row["goal_kind"] as String?).flatMap(GoalKind.init(rawValue:)).map {
            Goal(kind: $0, target: row["goal_target"])
        }
        var boot: BootTime?
        if let bootID = row["boot_id"] as String?, let seconds = row["boot_seconds"] as Double? {
            boot = BootTime(bootID: bootID, secondsSinceBoot: seconds)
        }
        var workout = Workout(
            id: row["id"], startedAt: Date(timeIntervalSince1970: row["started_at"]),
            endedAt: (row["ended_at"] as Double?).map(Date.init(timeIntervalSince1970:)),
            status: WorkoutStatus(rawValue: row["status"]) ?? .finished, totals: totals, goal: goal,
            recovery: (row["recovery"] as String?).flatMap(WorkoutRecovery.init(rawValue:)),
            isSimulated: row["simulated"] ?? false, lastSeenBoot: boot)
        workout.sport = row["sport"]
        workout.kind = WorkoutKind(rawValue: row["kind"] ?? WorkoutKind.default.rawValue)
        return workout
    }
}
