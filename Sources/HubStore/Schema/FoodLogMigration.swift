import GRDB

/// "v15: food and weight": the Fitness App's food log, a person's own foods and favourites, the weight log, and
/// each person's activity level and weight goal for the day's energy budget.
///
/// Rows belong to a person as in "v14: people": `person_id` cascades, and NULL is the nameless user of a hub with
/// no people yet, whose rows the first person added takes. A day is the local date the entry counts for, fixed
/// when it is written, so a day's total never moves with a time-zone or daylight-saving change.
enum FoodLogMigration {
    static let name = "v15: food and weight"

    /// The tables whose rows the first person added takes from the nameless user.
    static let ownedTables = ["food_log", "own_foods", "favourite_foods", "weights"]

    static func run(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE food_log (
                    id INTEGER PRIMARY KEY,
                    person_id INTEGER REFERENCES people(id) ON DELETE CASCADE,
                    eaten_at REAL NOT NULL,
                    day TEXT NOT NULL,                         -- yyyy-MM-dd, local
                    meal TEXT NOT NULL CHECK (meal IN ('breakfast', 'lunch', 'dinner', 'snack')),
                    food TEXT NOT NULL,
                    grams REAL CHECK (grams IS NULL OR (grams > 0 AND grams <= 5000)),
                    kcal INTEGER NOT NULL CHECK (kcal BETWEEN 0 AND 20000),
                    protein REAL CHECK (protein IS NULL OR protein >= 0),
                    carbohydrate REAL CHECK (carbohydrate IS NULL OR carbohydrate >= 0),
                    fat REAL CHECK (fat IS NULL OR fat >= 0)
                );
                CREATE INDEX food_log_by_day ON food_log(ifnull(person_id, 0), day);
                CREATE TABLE own_foods (
                    id INTEGER PRIMARY KEY,
                    person_id INTEGER REFERENCES people(id) ON DELETE CASCADE,
                    name TEXT NOT NULL COLLATE NOCASE,
                    kcal REAL NOT NULL CHECK (kcal BETWEEN 0 AND 900),  -- per 100 g
                    protein REAL NOT NULL DEFAULT 0, carbohydrate REAL NOT NULL DEFAULT 0, fat REAL NOT NULL DEFAULT 0,
                    portions TEXT NOT NULL DEFAULT '',         -- 1 bar=40;1 scoop=30
                    created_at REAL NOT NULL
                );
                CREATE UNIQUE INDEX own_foods_key ON own_foods(ifnull(person_id, 0), name);
                CREATE TABLE favourite_foods (
                    person_id INTEGER REFERENCES people(id) ON DELETE CASCADE,
                    name TEXT NOT NULL COLLATE NOCASE
                );
                CREATE UNIQUE INDEX favourite_foods_key ON favourite_foods(ifnull(person_id, 0), name);
                CREATE TABLE weights (
                    id INTEGER PRIMARY KEY,
                    person_id INTEGER REFERENCES people(id) ON DELETE CASCADE,
                    measured_at REAL NOT NULL,
                    day TEXT NOT NULL,
                    kg REAL NOT NULL CHECK (kg BETWEEN 20 AND 400)
                );
                CREATE INDEX weights_by_person ON weights(ifnull(person_id, 0), measured_at);
                ALTER TABLE people ADD COLUMN activity_level TEXT;
                ALTER TABLE people ADD COLUMN weight_goal TEXT;
                """)
    }
}
