import GRDB

/// "v17: food usage index": the index `foodUsage` (a search's "most eaten first") reads the last 90 days through.
///
/// Without it SQLite scanned the whole food log, every person's every entry, to count one person's last 90 days: a
/// year of three people's meals is about 6,600 rows read for a few hundred. The index holds every column the query
/// needs (the person, the time, the food, and the grams its condition names), only for entries of a food (`grams
/// IS NOT NULL`: a plain "350 kcal" is no food to rank), so the count is read from the index alone. Its person is
/// the column itself, not `ifnull(person_id, 0)` as `food_log_by_day` has it: SQLite 3.40 (Debian 12's) reads no
/// expression back out of an index, so that index could not cover the query.
enum FoodUsageIndexMigration {
    static let name = "v17: food usage index"

    static func run(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE INDEX food_log_usage ON food_log(person_id, eaten_at, food, grams) WHERE grams IS NOT NULL;
                """)
    }
}
