import Foundation
import GRDB
import Records

/// The history's pages of workouts: by date and kind, newest first, a page at a time.
extension HubStore {
    /// The current person's workouts that started from `start` up to (not including) `end`, of `kind`, newest
    /// first: at most `limit` after skipping `offset`. Nil bounds and kind are no filter.
    public func workouts(from start: Date?, to end: Date?, kind: WorkoutKind?, limit: Int, offset: Int)
        async throws -> [Workout]
    {
        let from = start?.timeIntervalSince1970 ?? -Double.greatestFiniteMagnitude
        let to = end?.timeIntervalSince1970 ?? Double.greatestFiniteMagnitude
        return try await read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT * FROM workouts
                    WHERE started_at >= ? AND started_at < ? AND (? IS NULL OR kind = ?) AND person_id IS ?
                    ORDER BY started_at DESC, id DESC LIMIT ? OFFSET ?
                    """,
                arguments: [
                    from, to, kind?.rawValue, kind?.rawValue, try Self.currentPersonID(db), max(0, limit),
                    max(0, offset),
                ]
            ).map(Self.workout(from:))
        }
    }
}
