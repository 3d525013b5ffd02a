import Foundation
import GRDB
import Records

/// The people who train on the hub: each has a profile and their own workouts, goals, reminders and heart-rate log.
///
/// The hub records for the current person (the `current_person_id` setting, else the first person). What the rest
/// of the hub reads without naming a person (`profile()`, `activeGoal()`, `reminders()`, `workouts()`, the
/// heart-rate log) is the current person's.
extension HubStore {
    /// The longest name ``addPerson(named:profile:at:)`` and ``renamePerson(_:to:at:)`` accept, in characters.
    public static let longestPersonName = 60

    // MARK: - Reading

    /// Every person, first added first.
    public func people() async throws -> [Person] {
        try await read { db in
            let current = try Self.currentPersonID(db)
            return try Row.fetchAll(db, sql: "SELECT * FROM people ORDER BY id").map {
                Self.person($0, current: current)
            }
        }
    }

    /// The person called `name`, whatever its case (and blanks around it), or nil.
    public func person(named name: String) async throws -> Person? {
        try await read { db in try Self.person(named: name, in: db) }
    }

    /// The person the hub records for now, or nil when there are no people.
    public func currentPerson() async throws -> Person? {
        try await read { db in
            guard let id = try Self.currentPersonID(db) else { return nil }
            return try Row.fetchOne(db, sql: "SELECT * FROM people WHERE id = ?", arguments: [id]).map {
                Self.person($0, current: id)
            }
        }
    }

    /// What removing the person with `id` would delete with them.
    public func belongings(of id: Person.ID) async throws -> PersonBelongings {
        try await read { db in try Self.belongings(of: id, in: db) }
    }

    // MARK: - Changing

    /// Adds a person called `name` (trimmed), with `profile`'s birth date, gender, height, weight and FTP if given.
    ///
    /// The first person takes whatever the hub recorded while it had nobody (a hub from before people without a
    /// profile), so that nothing it holds is left without an owner.
    ///
    /// - Throws: `HubStoreError` (`isRefused`) when the name is empty, longer than ``longestPersonName``, has control
    ///   characters, or is another person's; nothing is written then.
    @discardableResult
    public func addPerson(named name: String, profile: Profile? = nil, at date: Date = Date()) async throws -> Person {
        let name = try Self.validatedPersonName(name, path: path)
        return try await write { [path] db in
            try Self.refuseTakenName(name, except: nil, in: db, path: path)
            let isFirst = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM people") == 0
            try db.execute(
                sql: """
                    INSERT INTO people (name, birth_date, gender, height_cm, weight_kg, heart_rate_monitoring, ftp_watts,
                                        created_at, updated_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    name, profile?.birthDate, profile?.gender.rawValue, profile?.heightCentimeters,
                    profile?.weightKilograms, profile?.heartRateMonitoring ?? false, profile?.ftpWatts,
                    date.timeIntervalSince1970, date.timeIntervalSince1970,
                ])
            let id = db.lastInsertedRowID
            if isFirst { try Self.adoptUnowned(by: id, in: db) }
            var named = profile
            named?.name = name
            return Person(id: id, name: name, profile: named, isCurrent: try Self.currentPersonID(db) == id)
        }
    }

    /// Renames the person called `name` to `newName` (trimmed, checked as ``addPerson(named:profile:at:)`` does).
    ///
    /// - Throws: `HubStoreError` (`isNotFound`) when nobody is called `name`; (`isRefused`) for a name refused.
    @discardableResult
    public func renamePerson(_ name: String, to newName: String, at date: Date = Date()) async throws -> Person {
        let newName = try Self.validatedPersonName(newName, path: path)
        return try await write { [path] db in
            guard let person = try Self.person(named: name, in: db) else { throw Self.noSuchPerson(name, path: path) }
            try Self.refuseTakenName(newName, except: person.id, in: db, path: path)
            try db.execute(
                sql: "UPDATE people SET name = ?, updated_at = ? WHERE id = ?",
                arguments: [newName, date.timeIntervalSince1970, person.id])
            var renamed = person
            renamed.name = newName
            renamed.profile?.name = newName
            return renamed
        }
    }

    /// Makes the person called `name` the one the hub records for: their next workout, goal, reminders and
    /// heart-rate seconds are theirs.
    ///
    /// While someone's workout is being recorded, that person stays the current one until it ends (the returned
    /// person's `isCurrent` is false then): see ``currentPersonID(_:)``.
    ///
    /// - Throws: `HubStoreError` (`isNotFound`) when nobody is called `name`.
    @discardableResult
    public func setCurrentPerson(named name: String) async throws -> Person {
        try await write { [path] db in
            guard var person = try Self.person(named: name, in: db) else { throw Self.noSuchPerson(name, path: path) }
            try db.execute(
                sql: "INSERT OR REPLACE INTO settings (name, value) VALUES ('current_person_id', ?)",
                arguments: [person.id])
            person.isCurrent = try Self.currentPersonID(db) == person.id
            return person
        }
    }

    /// Removes the person called `name` with their workouts, goals, reminders, heart-rate log, food and weight logs,
    /// own foods and favourites; nobody else's.
    ///
    /// If they were the current person, the first person left becomes it.
    ///
    /// - Returns: what was deleted with them.
    /// - Throws: `HubStoreError` (`isNotFound`) when nobody is called `name`; (`isRefused`) while a workout of theirs
    ///   is unfinished (being recorded, or left by a hub that stopped and will resume it), deleting nothing.
    @discardableResult
    public func removePerson(named name: String) async throws -> PersonBelongings {
        try await write { [path] db in
            guard let person = try Self.person(named: name, in: db) else { throw Self.noSuchPerson(name, path: path) }
            if let workout = try Int64.fetchOne(
                db, sql: "SELECT id FROM workouts WHERE person_id = ? AND status != 'finished' LIMIT 1",
                arguments: [person.id])
            {
                throw HubStoreError.refused(
                    "not removing \(Self.quoted(person.name)): their workout \(workout) is being recorded (or was left "
                        + "unfinished by a hub that stopped, which resumes it when it starts). Stop the workout first "
                        + "('stop' in the hub's console, or its button), then remove them.",
                    path: path)
            }
            let belongings = try Self.belongings(of: person.id, in: db)
            // ON DELETE CASCADE takes their workouts (with samples, laps, pauses and steps), goals, reminders,
            // heart-rate log, food and weight logs, own foods and favourites; the setting that named them falls back to the first person when it is read.
            try db.execute(sql: "DELETE FROM people WHERE id = ?", arguments: [person.id])
            try db.execute(
                sql: "DELETE FROM settings WHERE name = 'current_person_id' AND value = ?", arguments: [person.id])
            return belongings
        }
    }

    // MARK: - Helpers

    /// `name` trimmed, or why it cannot be a person's name.
    public static func validatedPersonName(_ name: String, path: String = "") throws(HubStoreError) -> String {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            throw .refused(
                "a person's name cannot have control characters (a tab, a new line, an escape); type the name as "
                    + "plain text, e.g. Alex",
                path: path)
        }
        if trimmed.unicodeScalars.contains(where: isDirectionOverride) {
            throw .refused(
                "a person's name cannot have the invisible characters that turn the text around (U+202A to U+202E, "
                    + "U+2066 to U+2069): the name would read as another; type the name as plain text, e.g. Alex",
                path: path)
        }
        if trimmed.unicodeScalars.contains("\u{FFFD}") {
            throw .refused(
                "a person's name cannot have U+FFFD (�), which stands for bytes that were not UTF-8 text; type the "
                    + "name again on a terminal set to UTF-8",
                path: path)
        }
        // A name of nothing but invisible characters (U+FEFF, U+2060) would be a blank line in every list.
        guard trimmed.unicodeScalars.contains(where: { !$0.properties.isWhitespace && !isInvisible($0) }) else {
            throw .refused(
                "a person's name cannot be empty or only invisible characters; give one, e.g. Alex", path: path)
        }
        guard trimmed.count <= longestPersonName else {
            let limit = "\(longestPersonName) character\(longestPersonName == 1 ? "" : "s")"
            throw .refused(
                "a person's name can be at most \(limit) long, and this one is longer; give a shorter one, e.g. a "
                    + "first name",
                path: path)
        }
        return trimmed
    }

    /// U+202A to U+202E and U+2066 to U+2069: they reorder what follows them as it is shown.
    private static func isDirectionOverride(_ scalar: Unicode.Scalar) -> Bool {
        (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
    }

    /// A format character (a joiner, a zero-width space, U+FEFF): nothing to see on its own.
    private static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .format
    }

    /// The current person's id: whose workout is being recorded, else the `current_person_id` setting while it
    /// names a person, else the first person; nil when there are no people.
    ///
    /// The workout's person comes first so that choosing the next person ('stayfit people use') while Alex trains
    /// leaves Alex's workout with Alex's weight and goal, and the strap's all-day seconds in Alex's log, until it ends.
    static func currentPersonID(_ db: Database) throws -> Int64? {
        try Int64.fetchOne(db, sql: "SELECT \(currentPersonSQL)")
    }

    /// ``currentPersonID(_:)`` as an SQL expression, for a query that needs it within itself. The unfinished workout
    /// is found through the partial index `workouts_unfinished`, whatever the number of workouts.
    static let currentPersonSQL = """
        COALESCE(
            (SELECT person_id FROM workouts WHERE status != 'finished' ORDER BY started_at DESC LIMIT 1),
            (SELECT people.id FROM people JOIN settings ON settings.value = people.id
             WHERE settings.name = 'current_person_id'),
            (SELECT min(id) FROM people))
        """

    static func person(named name: String, in db: Database) throws -> Person? {
        let wanted = name.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        let current = try currentPersonID(db)
        return try Row.fetchAll(db, sql: "SELECT * FROM people ORDER BY id").map { person($0, current: current) }
            .first { $0.name.lowercased() == wanted }
    }

    /// Refuses `name` when a person other than `except` has it, in any case: "alex" and "Alex" would be the same
    /// person to whoever types them. (SQLite's NOCASE folds only A to Z; this folds every letter.)
    static func refuseTakenName(_ name: String, except: Int64?, in db: Database, path: String) throws {
        let lowered = name.lowercased()
        for row in try Row.fetchAll(db, sql: "SELECT id, name FROM people") {
            let id: Int64 = row["id"]
            let other: String = row["name"]
            if id != except && other.lowercased() == lowered {
                throw HubStoreError.refused(
                    "there is already a person called \(quoted(other)) (names count as the same whatever their case); "
                        + "choose another name",
                    path: path)
            }
        }
    }

    private static func belongings(of id: Int64, in db: Database) throws -> PersonBelongings {
        func count(_ table: String) throws -> Int {
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(table) WHERE person_id = ?", arguments: [id]) ?? 0
        }
        return PersonBelongings(
            workouts: try count("workouts"), goals: try count("goals"), reminders: try count("reminders"),
            heartRateHours: try count("heart_rate_hours"), foodEntries: try count("food_log"),
            weighings: try count("weights"), ownFoods: try count("own_foods"))
    }

    /// Gives `id` every row recorded while the hub had nobody.
    static func adoptUnowned(by id: Int64, in db: Database) throws {
        for table in PeopleMigration.ownedTables + PeopleMigration.heartRateTables + FoodLogMigration.ownedTables {
            try db.execute(sql: "UPDATE \(table) SET person_id = ? WHERE person_id IS NULL", arguments: [id])
        }
    }

    static func noSuchPerson(_ name: String, path: String) -> HubStoreError {
        .notFound(
            "there is nobody called \(quoted(name)) on this hub; 'stayfit people list' shows who there is", path: path)
    }

    /// `name` in quotes, its control characters escaped and its length capped: it may be anything that was typed.
    static func quoted(_ name: String) -> String {
        let shown = name.unicodeScalars.prefix(80).map { scalar in
            scalar.properties.generalCategory == .control ? scalar.escaped(asASCII: true) : String(scalar)
        }.joined()
        return "\"\(shown)\(name.unicodeScalars.count > 80 ? "…" : "")\""
    }

    static func person(_ row: Row, current: Int64?) -> Person {
        let id: Int64 = row["id"]
        let name: String = row["name"]
        return Person(id: id, name: name, profile: profile(row), isCurrent: id == current)
    }

    /// The row's profile, or nil until its birth date, gender, height and weight are all given.
    static func profile(_ row: Row) -> Profile? {
        guard let birthDate: String = row["birth_date"], let gender: String = row["gender"],
            let height: Double = row["height_cm"], let weight: Double = row["weight_kg"]
        else { return nil }
        return Profile(
            name: row["name"], birthDate: birthDate, gender: Gender(rawValue: gender) ?? .other,
            heightCentimeters: height, weightKilograms: weight, heartRateMonitoring: row["heart_rate_monitoring"],
            ftpWatts: row["ftp_watts"])
    }
}
