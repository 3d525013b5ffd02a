import Foundation
import GRDB
import Records

// The food log, the person's own foods and favourites, and the weight log: each the current person's (or, on a hub
// with no people yet, the one nameless user's, whose rows the first person added takes).
extension HubStore {
    /// Logs `entry` for the current person; returns it with its id.
    @discardableResult
    public func logFood(_ entry: FoodEntry) async throws -> FoodEntry {
        try await write { db in
            let person = try self.personID(db)
            try db.execute(
                sql: """
                    INSERT INTO food_log (person_id, eaten_at, day, meal, food, grams, kcal, protein, carbohydrate, fat)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    person, entry.eatenAt.timeIntervalSince1970, entry.day, entry.meal, entry.food, entry.grams,
                    entry.kilocalories, entry.proteinGrams, entry.carbohydrateGrams, entry.fatGrams,
                ])
            var stored = entry
            stored.id = db.lastInsertedRowID
            return stored
        }
    }

    /// The current person's entries of the days `from` through `through` (`yyyy-MM-dd`), in the order eaten.
    ///
    /// The person is matched as the index `food_log_by_day` is written (`ifnull(person_id, 0)`, the nameless user
    /// 0): `person_id IS ?` means the same but cannot use that index, and a year of entries would be scanned.
    public func foodEntries(from: String, through: String) async throws -> [FoodEntry] {
        try await read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT * FROM food_log WHERE ifnull(person_id, 0) = ifnull(?, 0) AND day BETWEEN ? AND ?
                    ORDER BY eaten_at, id
                    """, arguments: [try self.personID(db), from, through]
            ).map(Self.foodEntry)
        }
    }

    /// Removes the current person's entry `id`; nil when they have none of that number.
    public func removeFoodEntry(id: Int64) async throws -> FoodEntry? {
        try await write { db in
            let person = try self.personID(db)
            guard
                let row = try Row.fetchOne(
                    db, sql: "SELECT * FROM food_log WHERE id = ? AND person_id IS ?", arguments: [id, person])
            else { return nil }
            try db.execute(sql: "DELETE FROM food_log WHERE id = ?", arguments: [id])
            return Self.foodEntry(row)
        }
    }

    /// How often the current person logged each food since `date`, by its name in lower case: the most eaten come
    /// first in a search.
    public func foodUsage(since date: Date) async throws -> [String: Int] {
        try await read { db in
            let rows = try Row.fetchAll(
                db, sql: Self.foodUsageSQL, arguments: [try self.personID(db), date.timeIntervalSince1970])
            return Dictionary(uniqueKeysWithValues: rows.map { ($0["name"] as String, $0["times"] as Int) })
        }
    }

    /// ``foodUsage(since:)``'s query, answered from the index `food_log_usage` alone (`person_id IS ?` finds the
    /// nameless user's NULL too, and an index on the column serves it).
    static let foodUsageSQL = """
        SELECT lower(food) AS name, count(*) AS times FROM food_log
        WHERE person_id IS ? AND eaten_at >= ? AND grams IS NOT NULL GROUP BY lower(food)
        """

    /// The current person's own foods, by name.
    public func ownFoods() async throws -> [OwnFood] {
        try await read { db in
            try Row.fetchAll(
                db, sql: "SELECT * FROM own_foods WHERE person_id IS ? ORDER BY name",
                arguments: [try self.personID(db)]
            ).map { row in
                OwnFood(
                    name: row["name"], kilocaloriesPer100Grams: row["kcal"], proteinPer100Grams: row["protein"],
                    carbohydratePer100Grams: row["carbohydrate"], fatPer100Grams: row["fat"], portions: row["portions"])
            }
        }
    }

    /// Adds (or, with the same name, replaces) one of the current person's own foods.
    public func saveOwnFood(_ food: OwnFood, at date: Date = Date()) async throws {
        try await write { db in
            let person = try self.personID(db)
            try db.execute(
                sql: "DELETE FROM own_foods WHERE person_id IS ? AND name = ? COLLATE NOCASE",
                arguments: [person, food.name])
            try db.execute(
                sql: """
                    INSERT INTO own_foods (person_id, name, kcal, protein, carbohydrate, fat, portions, created_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    person, food.name, food.kilocaloriesPer100Grams, food.proteinPer100Grams,
                    food.carbohydratePer100Grams, food.fatPer100Grams, food.portions, date.timeIntervalSince1970,
                ])
        }
    }

    /// The current person's favourite foods, by name in lower case.
    public func favouriteFoods() async throws -> Set<String> {
        try await read { db in
            Set(
                try String.fetchAll(
                    db, sql: "SELECT lower(name) FROM favourite_foods WHERE person_id IS ?",
                    arguments: [try self.personID(db)]))
        }
    }

    /// Makes `name` one of the current person's favourites, or no longer one.
    public func setFavouriteFood(_ name: String, _ isFavourite: Bool) async throws {
        try await write { db in
            let person = try self.personID(db)
            try db.execute(
                sql: "DELETE FROM favourite_foods WHERE person_id IS ? AND name = ? COLLATE NOCASE",
                arguments: [person, name])
            if isFavourite {
                try db.execute(
                    sql: "INSERT INTO favourite_foods (person_id, name) VALUES (?, ?)", arguments: [person, name])
            }
        }
    }

    /// Logs a weighing for the current person.
    public func logWeight(_ entry: WeightEntry) async throws {
        try await write { db in
            try db.execute(
                sql: "INSERT INTO weights (person_id, measured_at, day, kg) VALUES (?, ?, ?, ?)",
                arguments: [
                    try self.personID(db), entry.measuredAt.timeIntervalSince1970, entry.day, entry.kilograms,
                ])
        }
    }

    /// The current person's weighings since `date`, oldest first.
    public func weights(since date: Date) async throws -> [WeightEntry] {
        try await read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT * FROM weights WHERE ifnull(person_id, 0) = ifnull(?, 0) AND measured_at >= ?
                    ORDER BY measured_at
                    """,
                arguments: [try self.personID(db), date.timeIntervalSince1970]
            ).map { row in
                WeightEntry(
                    measuredAt: Date(timeIntervalSince1970: row["measured_at"]), day: row["day"],
                    kilograms: row["kg"])
            }
        }
    }

    /// Kilocalories of the current person's real (not simulated) workouts that started from `start` until `end`.
    public func workoutKilocalories(from start: Date, until end: Date) async throws -> Int {
        try await read { db in
            let total = try Double.fetchOne(
                db,
                sql: """
                    SELECT total(kcal) FROM workouts
                    WHERE person_id IS ? AND started_at >= ? AND started_at < ? AND simulated = 0
                    """,
                arguments: [try self.personID(db), start.timeIntervalSince1970, end.timeIntervalSince1970])
            return Int((total ?? 0).rounded())
        }
    }

    /// The current person's activity level and weight goal as they were set (`stayfit today --activity … --goal …`);
    /// nil where none is, or where the hub has no people yet.
    public func energyBudgetSettings() async throws -> (activity: String?, goal: String?) {
        try await read { db in
            guard let person = try self.personID(db),
                let row = try Row.fetchOne(
                    db, sql: "SELECT activity_level, weight_goal FROM people WHERE id = ?", arguments: [person])
            else { return (nil, nil) }
            return (row["activity_level"], row["weight_goal"])
        }
    }

    /// Sets the current person's activity level and weight goal, each left as it is where nil; false when the hub
    /// has no person to set them for.
    public func setEnergyBudget(activity: String?, goal: String?) async throws -> Bool {
        try await write { db in
            guard let person = try self.personID(db) else { return false }
            if let activity {
                try db.execute(sql: "UPDATE people SET activity_level = ? WHERE id = ?", arguments: [activity, person])
            }
            if let goal {
                try db.execute(sql: "UPDATE people SET weight_goal = ? WHERE id = ?", arguments: [goal, person])
            }
            return true
        }
    }

    private static func foodEntry(_ row: Row) -> FoodEntry {
        FoodEntry(
            id: row["id"], eatenAt: Date(timeIntervalSince1970: row["eaten_at"]), day: row["day"], meal: row["meal"],
            food: row["food"], grams: row["grams"], kilocalories: row["kcal"], proteinGrams: row["protein"],
            carbohydrateGrams: row["carbohydrate"], fatGrams: row["fat"])
    }
}
