import Foundation
import GRDB
import Records

extension HubStore {
    /// Up to `limit` stored seconds of a workout after moving second `second`, in order: a page, so that a long
    /// workout is read (and exported) a bounded piece at a time.
    public func samples(of workout: WorkoutID, after second: Int, limit: Int) async throws -> [WorkoutSample] {
        try await read { db in
            try Row.fetchAll(
                db,
                sql: "SELECT * FROM workout_samples WHERE workout_id = ? AND second > ? ORDER BY second LIMIT ?",
                arguments: [workout, second, limit]
            ).map(Self.sample(from:))
        }
    }

    /// Whether any stored second of the workout has a position: an indoor workout has none.
    public func hasPositions(_ workout: WorkoutID) async throws -> Bool {
        try await read { db in
            try Bool.fetchOne(
                db,
                sql: "SELECT EXISTS (SELECT 1 FROM workout_samples WHERE workout_id = ? AND latitude IS NOT NULL)",
                arguments: [workout]) ?? false
        }
    }

    /// The workouts that started at or after `date`, oldest first.
    public func workouts(startedSince date: Date) async throws -> [Workout] {
        let ids = try await read { db in
            try WorkoutID.fetchAll(
                db, sql: "SELECT id FROM workouts WHERE started_at >= ? AND person_id IS ? ORDER BY started_at, id",
                arguments: [date.timeIntervalSince1970, try self.personID(db)])
        }
        var found: [Workout] = []
        for id in ids { if let workout = try await workout(id) { found.append(workout) } }
        return found
    }
}
