import GRDB

/// "v14: people": several people on one hub. The profile becomes the first person, and every workout, goal,
/// reminder and all-day heart-rate second becomes theirs.
///
/// A hub with no profile has no one to give its rows to, yet must lose nothing: its rows keep a NULL `person_id`,
/// meaning "the hub's one nameless user", and the first person added takes them (`HubStore.addPerson`). So NULL and
/// a person's id never share a table, and a hub without people behaves as it did before.
enum PeopleMigration {
    static let name = "v14: people"

    /// The tables whose rows belong to a person; `person_id` cascades, so removing a person removes theirs only.
    static let ownedTables = ["workouts", "goals", "reminders"]
    /// The all-day heart-rate log's tables.
    static let heartRateTables = ["heart_rate_blocks", "heart_rate_minutes", "heart_rate_hours"]

    static func run(_ db: Database) throws {
        // The profile's columns, nullable: a person may be added by name alone, and the profile's fields given later
        // ('stayfit profile set'). No CHECK on the name's length: a stored profile's name (up to 100 characters, or
        // anything an edited file held) must come across; new names are checked where they are typed.
        try db.execute(
            sql: """
                CREATE TABLE people (
                    id INTEGER PRIMARY KEY,
                    name TEXT NOT NULL COLLATE NOCASE UNIQUE,
                    birth_date TEXT,                         -- yyyy-MM-dd
                    gender TEXT CHECK (gender IN ('male', 'female', 'other')),
                    height_cm REAL,
                    weight_kg REAL,
                    heart_rate_monitoring INTEGER NOT NULL DEFAULT 0,
                    ftp_watts INTEGER CHECK (ftp_watts BETWEEN 50 AND 600),
                    created_at REAL NOT NULL,
                    updated_at REAL NOT NULL
                );
                INSERT INTO people (id, name, birth_date, gender, height_cm, weight_kg, heart_rate_monitoring, ftp_watts,
                                    created_at, updated_at)
                    SELECT 1, name, birth_date, gender, height_cm, weight_kg, heart_rate_monitoring, ftp_watts,
                           updated_at, updated_at
                    FROM profile;
                DROP TABLE profile;
                -- The hub's own settings, by name; 'current_person_id' says whose the next workout is.
                CREATE TABLE settings (name TEXT PRIMARY KEY, value) WITHOUT ROWID;
                """)
        for table in ownedTables {
            try db.execute(
                sql: """
                    ALTER TABLE \(table) ADD COLUMN person_id INTEGER REFERENCES people(id) ON DELETE CASCADE;
                    UPDATE \(table) SET person_id = (SELECT id FROM people);
                    CREATE INDEX \(table)_by_person ON \(table)(person_id);
                    """)
        }
        // The workout being recorded decides whose records are written meanwhile (HubStore.currentPersonID), asked
        // on every write: this index holds only unfinished workouts, so the question costs one lookup.
        try db.execute(
            sql: "CREATE INDEX workouts_unfinished ON workouts(started_at, person_id) WHERE status != 'finished'")
        try rebuildHeartRateLog(db)
        // The profile's counter now counts changes to people, and to whose the hub's profile is; changing the
        // current person changes whose goal and reminders the hub reads, too.
        for event in ["INSERT", "UPDATE", "DELETE"] {
            try db.execute(
                sql: """
                    CREATE TRIGGER people_\(event.lowercased())_counts AFTER \(event) ON people
                    BEGIN UPDATE change_counters SET version = version + 1 WHERE name = 'profile'; END;
                    CREATE TRIGGER settings_\(event.lowercased())_counts AFTER \(event) ON settings
                    BEGIN
                        UPDATE change_counters SET version = version + 1 WHERE name IN ('profile', 'goals', 'reminders');
                    END;
                    """)
        }
        // While a workout is recorded its person is the current one (HubStore.currentPersonID). When it ends, or goes,
        // and someone else was chosen meanwhile, the hub must read that person's profile, goal and reminders: counted
        // as their change. A workout that ends with no one else chosen changes nothing, and counts nothing.
        let chosen = """
            COALESCE(
                (SELECT people.id FROM people JOIN settings ON settings.value = people.id
                 WHERE settings.name = 'current_person_id'),
                (SELECT min(id) FROM people))
            """
        try db.execute(
            sql: """
                CREATE TRIGGER workouts_end_hands_over AFTER UPDATE OF status ON workouts
                WHEN old.status != 'finished' AND new.status = 'finished' AND new.person_id IS NOT \(chosen)
                BEGIN
                    UPDATE change_counters SET version = version + 1 WHERE name IN ('profile', 'goals', 'reminders');
                END;
                CREATE TRIGGER workouts_delete_hands_over AFTER DELETE ON workouts
                WHEN old.status != 'finished' AND old.person_id IS NOT \(chosen)
                BEGIN
                    UPDATE change_counters SET version = version + 1 WHERE name IN ('profile', 'goals', 'reminders');
                END;
                """)
    }

    /// SQLite cannot widen a primary key: each table of the log is made again with the person in its key. The key is
    /// on ifnull(person_id, 0) since NULLs are never equal in a UNIQUE index, and the nameless user's seconds must
    /// stay one a second too.
    private static func rebuildHeartRateLog(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE heart_rate_blocks_v14 (
                    person_id INTEGER REFERENCES people(id) ON DELETE CASCADE,
                    start INTEGER NOT NULL,        -- Unix seconds, a multiple of 300
                    bpm BLOB NOT NULL,             -- 300 bytes, one a second (0 = no reading)
                    rr BLOB NOT NULL               -- HeartRateBlock's encoding: beat counts, delta-coded intervals
                );
                INSERT INTO heart_rate_blocks_v14 (person_id, start, bpm, rr)
                    SELECT (SELECT id FROM people), start, bpm, rr FROM heart_rate_blocks;
                DROP TABLE heart_rate_blocks;
                ALTER TABLE heart_rate_blocks_v14 RENAME TO heart_rate_blocks;
                CREATE UNIQUE INDEX heart_rate_blocks_key ON heart_rate_blocks(ifnull(person_id, 0), start);
                """)
        for (table, key, unit) in [("heart_rate_minutes", "minute", "/ 60"), ("heart_rate_hours", "hour", "/ 3600")] {
            try db.execute(
                sql: """
                    CREATE TABLE \(table)_v14 (
                        person_id INTEGER REFERENCES people(id) ON DELETE CASCADE,
                        \(key) INTEGER NOT NULL,          -- Unix seconds \(unit)
                        minimum INTEGER NOT NULL, maximum INTEGER NOT NULL, total INTEGER NOT NULL, count INTEGER NOT NULL
                    );
                    INSERT INTO \(table)_v14 (person_id, \(key), minimum, maximum, total, count)
                        SELECT (SELECT id FROM people), \(key), minimum, maximum, total, count FROM \(table);
                    DROP TABLE \(table);
                    ALTER TABLE \(table)_v14 RENAME TO \(table);
                    CREATE UNIQUE INDEX \(table)_key ON \(table)(ifnull(person_id, 0), \(key));
                    """)
        }
    }
}
