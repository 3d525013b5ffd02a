import Foundation
import GRDB
import Records

/// Queries for reports: workouts by date and their totals per local day, added up by SQLite.
extension HubStore {
    /// Stored workouts that started from `start` up to (not including) `end`, oldest first.
    public func workouts(from start: Date, to end: Date) async throws -> [Workout] {
        try await read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT * FROM workouts WHERE started_at >= ? AND started_at < ? AND person_id IS ?
                    ORDER BY started_at
                    """,
                arguments: [start.timeIntervalSince1970, end.timeIntervalSince1970, try self.personID(db)]
            ).map(Self.workout(from:))
        }
    }

    /// The finished workouts' totals per local day, month or year (the C library's time zone), oldest first.
    ///
    /// SQLite groups and adds up, so ten years of daily workouts come back as one row per day, read in one pass.
    /// - Parameters:
    ///   - start: the first instant counted; nil for no lower bound.
    ///   - end: the instant after the last one counted; nil for no upper bound.
    ///   - includeSimulated: count workouts recorded from simulated sensors or on a sped-up clock.
    ///   - grouping: one row per local day, month or year (its `day` is the first day of the month or year), or
    ///     the whole range in one row (its `day` is empty); there is no row without a workout. A year by months is
    ///     12 rows, not 365.
    ///   - kind: only the workouts of this kind; nil for all.
    public func workoutTotalsByDay(
        from start: Date?, to end: Date?, includeSimulated: Bool, grouping: WorkoutDayTotals.Grouping = .day,
        kind: WorkoutKind? = nil
    ) async throws -> [WorkoutDayTotals] {
        let from = start?.timeIntervalSince1970 ?? -Double.greatestFiniteMagnitude
        let to = end?.timeIntervalSince1970 ?? Double.greatestFiniteMagnitude
        return try await read { db in
            let rows = try Row.fetchCursor(
                db,
                sql: """
                    SELECT * FROM (
                    SELECT \(grouping.day) AS day, count(*) AS n,
                        total(moving_seconds),
                        max(moving_seconds), total(distance_m), max(distance_m), total(steps), max(steps), count(steps),
                        total(kcal), max(kcal),
                        total(CASE WHEN heart_rate_avg IS NOT NULL THEN moving_seconds END),
                        total(heart_rate_avg * moving_seconds), max(heart_rate_max), max(speed_max),
                        total(CASE WHEN power_avg IS NOT NULL THEN moving_seconds END),
                        total(power_avg * moving_seconds), max(power_max), total(work_kj)
                    FROM workouts
                    WHERE status = 'finished' AND started_at >= ? AND started_at < ? AND (simulated = 0 OR ?)
                        AND (? IS NULL OR kind = ?) AND person_id IS ?
                    \(grouping == .whole ? "" : "GROUP BY day")) WHERE n > 0 ORDER BY day
                    """,
                arguments: [
                    from, to, includeSimulated, kind?.rawValue, kind?.rawValue, try self.personID(db),
                ])
            var days: [WorkoutDayTotals] = []
            while let row = try rows.next() {
                days.append(
                    WorkoutDayTotals(
                        day: row[0], count: row[1], movingSeconds: Int((row[2] as Double).rounded()),
                        longestMovingSeconds: row[3], distanceMeters: row[4], longestDistanceMeters: row[5],
                        steps: Int((row[6] as Double).rounded()), mostSteps: row[7], workoutsWithSteps: row[8],
                        kilocalories: row[9], mostKilocalories: row[10],
                        heartRateSeconds: Int((row[11] as Double).rounded()), heartBeats: row[12],
                        maxHeartRate: row[13], maxSpeedMetersPerSecond: row[14]))
                days[days.count - 1].powerSeconds = Int((row[15] as Double).rounded())
                days[days.count - 1].wattSeconds = row[16]
                days[days.count - 1].maxPower = row[17]
                days[days.count - 1].workKilojoules = row[18]
            }
            return days
        }
    }

    /// The all-day heart-rate log per local day from `start` to `end`: lowest, average and highest, from the
    /// hourly roll-ups, grouped by SQLite, so a year is 365 rows out of 8,760 read.
    public func heartRateByDay(from start: Date, to end: Date) async throws -> [HeartRatePoint] {
        let first = Int64(start.timeIntervalSince1970.rounded(.down)) / 3600
        let last = (Int64(end.timeIntervalSince1970.rounded(.up)) + 3599) / 3600
        return try await read { db in
            let rows = try Row.fetchCursor(
                db,
                sql: """
                    SELECT min(hour), min(minimum), max(maximum), sum(total), sum(count)
                    FROM heart_rate_hours WHERE ifnull(person_id, 0) = ? AND hour >= ? AND hour < ?
                    GROUP BY date(hour * 3600, 'unixepoch', 'localtime') ORDER BY 1
                    """,
                arguments: [try self.heartRateOwner(db), first, last])
            var points: [HeartRatePoint] = []
            while let row = try rows.next() {
                let hour: Int64 = row[0]
                let count: Int = row[4]
                guard count > 0 else { continue }
                points.append(
                    HeartRatePoint(
                        start: Date(timeIntervalSince1970: TimeInterval(hour * 3600)), seconds: 86_400,
                        minimum: row[1], average: Double(row[3] as Int) / Double(count), maximum: row[2],
                        count: count))
            }
            return points
        }
    }
}

extension WorkoutDayTotals.Grouping {
    /// The SQL expression of a row's `day`: the local date of the start, or of its month's or year's first day.
    fileprivate var day: String {
        switch self {
        case .day: "date(started_at, 'unixepoch', 'localtime')"
        case .month: "date(started_at, 'unixepoch', 'localtime', 'start of month')"
        case .year: "date(started_at, 'unixepoch', 'localtime', 'start of year')"
        case .whole: "''"
        }
    }
}
