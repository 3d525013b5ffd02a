import GRDB
import Records

extension HubStore {
    /// Every table that holds the person's data, children before parents (the order a delete must take).
    static let userDataTables = [
        "workout_samples", "workout_laps", "workout_pauses", "workout_program_steps", "workouts", "goals",
        "heart_rate_blocks", "heart_rate_minutes", "heart_rate_hours", "devices", "person_straps", "reminders",
        "food_log", "own_foods", "favourite_foods", "weights", "people", "settings",
    ]

    /// A version number per section, bumped by triggers on every change by any process.
    ///
    /// Polling this is one tiny indexed read, so the hub can notice a CLI change within a second.
    public func changeVersions() async throws -> [StoreSection: Int64] {
        try await read { db in
            var versions: [StoreSection: Int64] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT name, version FROM change_counters") {
                versions[StoreSection(rawValue: row["name"])] = row["version"]
            }
            return versions
        }
    }

    /// Deletes all user data: people and their profiles, goals, reminders, workouts with their samples, pauses and
    /// laps, the heart-rate log, the food and weight logs, own foods and favourites, the remembered devices and the
    /// straps of people, the settings, and the personal programs; the built-in programs lose their votes and come
    /// out of hiding.
    public func deleteAllUserData() async throws {
        try await write { db in
            for table in Self.userDataTables {
                try db.execute(sql: "DELETE FROM \(table)")
            }
            // Not in userDataTables: the built-ins' rows stay (they are the module's), only what the person did goes.
            try db.execute(sql: "DELETE FROM programs WHERE built_in IS NULL")
            try db.execute(sql: "UPDATE programs SET ups = 0, downs = 0, hidden = 0")
        }
        // Give the space back and leave no deleted rows in free pages.
        do { try await pool.vacuum() } catch { throw HubStoreError.wrap(error, path: path) }
    }

    /// Number of rows in each user-data table: a quick way to see that a store is empty.
    public func rowCounts() async throws -> [String: Int] {
        try await read { db in
            var counts: [String: Int] = [:]
            for table in Self.userDataTables {
                counts[table] = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(table)") ?? 0
            }
            return counts
        }
    }

    /// Bytes the database file needs after a checkpoint (pages in use × page size): for storage benchmarks.
    public func storedBytes() async throws -> Int {
        do {
            // A checkpoint cannot run inside a transaction.
            try await pool.writeWithoutTransaction { db in _ = try db.checkpoint(.truncate) }
        } catch {
            throw HubStoreError.wrap(error, path: path)
        }
        return try await read { db in
            let pages = try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0
            let free = try Int.fetchOne(db, sql: "PRAGMA freelist_count") ?? 0
            let size = try Int.fetchOne(db, sql: "PRAGMA page_size") ?? 0
            return (pages - free) * size
        }
    }
}
