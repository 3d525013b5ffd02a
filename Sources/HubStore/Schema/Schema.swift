import GRDB

/// The database schema, as a list of versioned migrations.
///
/// Never edit a migration that has shipped: add a new one. Times are stored as Unix seconds (REAL).
enum Schema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: profile, goals, workouts") { db in
            try db.execute(
                sql: """
                    CREATE TABLE profile (
                        id INTEGER PRIMARY KEY CHECK (id = 1),
                        name TEXT NOT NULL,
                        birth_date TEXT NOT NULL,               -- yyyy-MM-dd
                        gender TEXT NOT NULL CHECK (gender IN ('male', 'female', 'other')),
                        height_cm REAL NOT NULL,
                        weight_kg REAL NOT NULL,
                        heart_rate_monitoring INTEGER NOT NULL DEFAULT 0,
                        updated_at REAL NOT NULL
                    );
                    CREATE TABLE goals (
                        id INTEGER PRIMARY KEY,
                        kind TEXT NOT NULL CHECK (kind IN ('distance', 'duration', 'steps', 'kcal')),
                        target REAL NOT NULL CHECK (target > 0),  -- metres, seconds, steps or kcal
                        created_at REAL NOT NULL,
                        active INTEGER NOT NULL DEFAULT 1
                    );
                    CREATE TABLE workouts (
                        id INTEGER PRIMARY KEY,
                        started_at REAL NOT NULL,
                        ended_at REAL,
                        status TEXT NOT NULL CHECK (status IN ('running', 'paused', 'finished')),
                        moving_seconds INTEGER NOT NULL DEFAULT 0,
                        distance_m REAL NOT NULL DEFAULT 0,
                        steps INTEGER,
                        kcal REAL NOT NULL DEFAULT 0,
                        speed_min REAL, speed_max REAL, speed_avg REAL,  -- m/s
                        heart_rate_avg REAL, heart_rate_max INTEGER,
                        goal_kind TEXT, goal_target REAL,
                        recovery TEXT                           -- 'resumed' or 'closed' after a crash
                    );
                    CREATE INDEX workouts_by_start ON workouts(started_at);
                    CREATE TABLE workout_pauses (
                        workout_id INTEGER NOT NULL REFERENCES workouts(id) ON DELETE CASCADE,
                        started_at REAL NOT NULL,
                        ended_at REAL,
                        PRIMARY KEY (workout_id, started_at)
                    ) WITHOUT ROWID;
                    CREATE TABLE workout_laps (
                        workout_id INTEGER NOT NULL REFERENCES workouts(id) ON DELETE CASCADE,
                        number INTEGER NOT NULL,
                        ended_at REAL NOT NULL,
                        moving_seconds INTEGER NOT NULL,
                        distance_m REAL NOT NULL,
                        PRIMARY KEY (workout_id, number)
                    ) WITHOUT ROWID;
                    -- One row per second of moving time: the workout's heart rate, path and running totals.
                    CREATE TABLE workout_samples (
                        workout_id INTEGER NOT NULL REFERENCES workouts(id) ON DELETE CASCADE,
                        second INTEGER NOT NULL,                 -- moving seconds since the start, 1-based
                        recorded_at REAL NOT NULL,
                        heart_rate INTEGER,                      -- NULL: no fresh reading (a gap, never a repeat)
                        latitude REAL, longitude REAL,
                        speed REAL,                              -- m/s
                        distance_m REAL NOT NULL,                -- running total
                        kcal REAL NOT NULL,                      -- running total
                        steps INTEGER,                           -- running total
                        PRIMARY KEY (workout_id, second)
                    ) WITHOUT ROWID;
                    -- Bumped by triggers on every change, so another process can notice changes cheaply.
                    CREATE TABLE change_counters (name TEXT PRIMARY KEY, version INTEGER NOT NULL) WITHOUT ROWID;
                    INSERT INTO change_counters VALUES ('profile', 0), ('goals', 0);
                    """)
            for table in ["profile", "goals"] { try countChanges(of: table, in: db) }
        }
        migrator.registerMigration("v2: all-day heart-rate log") { db in
            try db.execute(
                sql: """
                    -- Ten minutes of 1 Hz heart rate per row: one byte per second (0 = no reading), so a day is
                    -- 144 rows of ~600 bytes instead of 86,400 rows of timestamp and value.
                    CREATE TABLE heart_rate_blocks (
                        start INTEGER PRIMARY KEY,               -- Unix seconds, a multiple of 600
                        bpm BLOB NOT NULL,                       -- 600 bytes
                        rr BLOB NOT NULL DEFAULT x''              -- (offset uint16, interval uint16 in 1/1024 s) pairs, LE
                    );
                    -- Roll-ups, so a plot of a day, a month or a year reads hundreds of rows, not millions.
                    CREATE TABLE heart_rate_minutes (
                        minute INTEGER PRIMARY KEY,              -- Unix seconds / 60
                        minimum INTEGER NOT NULL, maximum INTEGER NOT NULL, total INTEGER NOT NULL, count INTEGER NOT NULL
                    );
                    CREATE TABLE heart_rate_hours (
                        hour INTEGER PRIMARY KEY,                -- Unix seconds / 3600
                        minimum INTEGER NOT NULL, maximum INTEGER NOT NULL, total INTEGER NOT NULL, count INTEGER NOT NULL
                    );
                    """)
        }
        migrator.registerMigration("v3: RR intervals of workouts") { db in
            try db.execute(
                sql: """
                    ALTER TABLE workout_samples ADD COLUMN rr BLOB;   -- the second's RR intervals, uint16 1/1024 s, LE
                    ALTER TABLE workouts ADD COLUMN rmssd_ms REAL;     -- heart-rate variability of the workout
                    """)
        }
        migrator.registerMigration("v4: remembered devices") { db in
            try db.execute(
                sql: """
                    -- The sensor chosen for each role with `stayfit devices connect`; the hub polls its change counter.
                    CREATE TABLE devices (
                        role TEXT PRIMARY KEY CHECK (role IN ('heart-rate')),
                        address TEXT NOT NULL,                   -- AA:BB:CC:DD:EE:FF, upper case
                        name TEXT NOT NULL,
                        connect_automatically INTEGER NOT NULL DEFAULT 1,
                        remembered_at REAL NOT NULL
                    ) WITHOUT ROWID;
                    INSERT INTO change_counters VALUES ('devices', 0);
                    """)
            try countChanges(of: "devices", in: db)
        }
        migrator.registerMigration("v5: open device roles") { db in
            // SQLite cannot drop a CHECK: the table is rebuilt without the one that allowed 'heart-rate' only, so
            // that sensors to come (cycling speed/cadence, power, treadmill, GPS) can be remembered too. Dropping
            // the old table drops its triggers; they are made again for the new one.
            try db.execute(
                sql: """
                    CREATE TABLE devices_v5 (
                        role TEXT PRIMARY KEY,                   -- kebab-case: 'heart-rate', 'power', ...
                        address TEXT NOT NULL,                   -- AA:BB:CC:DD:EE:FF, upper case
                        name TEXT NOT NULL,
                        connect_automatically INTEGER NOT NULL DEFAULT 1,
                        remembered_at REAL NOT NULL
                    ) WITHOUT ROWID;
                    INSERT INTO devices_v5 (role, address, name, connect_automatically, remembered_at)
                        SELECT role, address, name, connect_automatically, remembered_at FROM devices;
                    DROP TABLE devices;
                    ALTER TABLE devices_v5 RENAME TO devices;
                    """)
            try countChanges(of: "devices", in: db)
        }
        migrator.registerMigration("v6: simulated workouts, boot time of the last saved second") { db in
            try db.execute(
                sql: """
                    ALTER TABLE workouts ADD COLUMN simulated INTEGER NOT NULL DEFAULT 0;  -- simulated sensors or clock
                    -- Where the machine's boot stood at the last saved second: crash recovery measures the time away
                    -- with it when the hub restarts in the same boot, whatever the wall clock did meanwhile.
                    ALTER TABLE workouts ADD COLUMN boot_id TEXT;
                    ALTER TABLE workouts ADD COLUMN boot_seconds REAL;
                    """)
        }
        migrator.registerMigration("v7: goal auto-stop switch") { db in
            // On the goal's own row: the switch belongs to the goal that is set (enabling needs one), goes with it
            // when it is cleared or reset, and changing it bumps the goals' change counter like any goal change.
            // Off by default, so goals stored before keep only showing progress.
            try db.execute(sql: "ALTER TABLE goals ADD COLUMN auto_stop INTEGER NOT NULL DEFAULT 0")
        }
        migrator.registerMigration("v8: altitude and elevation") { db in
            // Nullable: workouts recorded before, indoors or with a 2D fix have no altitude, and that is not zero.
            try db.execute(
                sql: """
                    ALTER TABLE workout_samples ADD COLUMN altitude_m REAL;   -- metres above mean sea level
                    ALTER TABLE workouts ADD COLUMN elevation_gain_m REAL;
                    ALTER TABLE workouts ADD COLUMN elevation_loss_m REAL;
                    """)
        }
        migrator.registerMigration("v9: reminders") { db in
            try db.execute(
                sql: """
                    -- Repeating reminders to train, set with `stayfit reminders`; the hub fires them at local time.
                    CREATE TABLE reminders (
                        id INTEGER PRIMARY KEY,
                        title TEXT NOT NULL CHECK (length(trim(title)) > 0),
                        minute_of_day INTEGER NOT NULL CHECK (minute_of_day BETWEEN 0 AND 1439),  -- local time
                        weekdays INTEGER NOT NULL CHECK (weekdays BETWEEN 1 AND 127),  -- bit 0 Sunday … bit 6 Saturday
                        alert_minutes INTEGER CHECK (alert_minutes BETWEEN 1 AND 1440),  -- NULL: no alert before
                        enabled INTEGER NOT NULL DEFAULT 1,
                        created_at REAL NOT NULL,
                        -- Wall-clock time up to which the hub fired this reminder's times or mentioned them as missed,
                        -- so that a restart mentions nothing twice. Not counted as a change: it is the hub's own.
                        handled_until REAL NOT NULL
                    );
                    INSERT INTO change_counters VALUES ('reminders', 0);
                    CREATE TRIGGER reminders_insert_counts AFTER INSERT ON reminders
                    BEGIN UPDATE change_counters SET version = version + 1 WHERE name = 'reminders'; END;
                    CREATE TRIGGER reminders_delete_counts AFTER DELETE ON reminders
                    BEGIN UPDATE change_counters SET version = version + 1 WHERE name = 'reminders'; END;
                    CREATE TRIGGER reminders_update_counts
                    AFTER UPDATE OF title, minute_of_day, weekdays, alert_minutes, enabled ON reminders
                    BEGIN UPDATE change_counters SET version = version + 1 WHERE name = 'reminders'; END;
                    """)
        }
        migrator.registerMigration(CompactHeartRateLogMigration.name, migrate: CompactHeartRateLogMigration.run)
        migrator.registerMigration("v10: workout sport") { db in
            // The sport an imported file states ("running", "biking", "other"), so that exporting the workout
            // again writes it; NULL for a workout recorded by the hub, which does not know it.
            try db.execute(sql: "ALTER TABLE workouts ADD COLUMN sport TEXT")
        }
        migrator.registerMigration("v11: workout kinds, cadence and power") { db in
            // A workout recorded before kinds was a run or walk on GPS (exported as running); an imported one was
            // what its file said. Cadence and power are NULL where nothing measured them, never zero; a NULL in a
            // WITHOUT ROWID row costs one byte of its header, and a small integer one or two more.
            try db.execute(
                sql: """
                    ALTER TABLE workouts ADD COLUMN kind TEXT NOT NULL DEFAULT 'run';
                    UPDATE workouts SET kind = CASE sport WHEN 'biking' THEN 'ride' WHEN 'other' THEN 'other' ELSE 'run' END;
                    ALTER TABLE workouts ADD COLUMN cadence_avg REAL;
                    ALTER TABLE workouts ADD COLUMN cadence_max INTEGER;
                    ALTER TABLE workouts ADD COLUMN power_avg REAL;
                    ALTER TABLE workouts ADD COLUMN power_max INTEGER;
                    ALTER TABLE workouts ADD COLUMN power_normalized REAL;
                    ALTER TABLE workouts ADD COLUMN work_kj REAL;
                    ALTER TABLE workout_samples ADD COLUMN cadence INTEGER;   -- rpm, steps or strokes a minute
                    ALTER TABLE workout_samples ADD COLUMN power INTEGER;     -- watts
                    ALTER TABLE workout_laps ADD COLUMN power_avg REAL;
                    ALTER TABLE workout_laps ADD COLUMN cadence_avg REAL;
                    CREATE INDEX workouts_by_kind ON workouts(kind, started_at);
                    """)
        }
        migrator.registerMigration("v12: programs and FTP") { db in
            // The guided programs. A built-in's row holds only what the person did to it (votes, hidden) under its
            // stable id; its name, kind and text are refreshed from the Programs module whenever the programs are
            // read (HubStore.syncBuiltInPrograms), so a new release's built-ins appear and change without a
            // migration, and no built-in row is ever deleted. A personal program is its TOML text, as validated by
            // the Programs module before it is stored; name and kind are copies of the text's, for listing.
            try db.execute(
                sql: """
                    CREATE TABLE programs (
                        id INTEGER PRIMARY KEY,
                        built_in TEXT UNIQUE,                -- the built-in's id, e.g. 'vo2max-4x4'; NULL: personal
                        name TEXT NOT NULL,
                        kind TEXT NOT NULL,
                        text TEXT NOT NULL,                  -- the TOML file form
                        copied_from TEXT,                    -- the id a copy was made from, as the person named it
                        ups INTEGER NOT NULL DEFAULT 0 CHECK (ups >= 0),
                        downs INTEGER NOT NULL DEFAULT 0 CHECK (downs >= 0),
                        hidden INTEGER NOT NULL DEFAULT 0 CHECK (hidden = 0 OR built_in IS NOT NULL),
                        created_at REAL NOT NULL,
                        updated_at REAL NOT NULL
                    );
                    ALTER TABLE profile ADD COLUMN ftp_watts INTEGER CHECK (ftp_watts BETWEEN 50 AND 600);
                    """)
        }
        migrator.registerMigration("v13: program steps of workouts") { db in
            // What was done in each step of the guided program a workout followed, beside what was planned: one
            // row per step, written as the step ends. The program's name is copied, not referenced: a program
            // edited or deleted later leaves the workouts that followed it as they were.
            try db.execute(
                sql: """
                    CREATE TABLE workout_program_steps (
                        workout_id INTEGER NOT NULL REFERENCES workouts(id) ON DELETE CASCADE,
                        number INTEGER NOT NULL CHECK (number >= 1),
                        title TEXT NOT NULL,
                        program TEXT NOT NULL,
                        outcome TEXT NOT NULL CHECK (outcome IN ('completed', 'skipped', 'stopped')),
                        planned_reps INTEGER,
                        reps INTEGER,
                        planned_weight_kg REAL,
                        planned_seconds REAL,
                        planned_distance_m REAL,
                        seconds REAL NOT NULL,               -- the program's time in the step, pauses not counted
                        distance_m REAL NOT NULL,
                        power_avg INTEGER,                   -- watts
                        heart_rate_avg INTEGER,
                        planned_power_start INTEGER,         -- watts; a ramp's start and end differ
                        planned_power_end INTEGER,
                        started_at REAL NOT NULL,
                        ended_at REAL NOT NULL,
                        PRIMARY KEY (workout_id, number)
                    ) WITHOUT ROWID;
                    """)
        }
        migrator.registerMigration(PeopleMigration.name, migrate: PeopleMigration.run)
        migrator.registerMigration(FoodLogMigration.name, migrate: FoodLogMigration.run)
        migrator.registerMigration(PersonStrapsMigration.name, migrate: PersonStrapsMigration.run)
        migrator.registerMigration(FoodUsageIndexMigration.name, migrate: FoodUsageIndexMigration.run)
        return migrator
    }

    /// Creates the database file at `path` with the schema only up to `migration` (inclusive), then runs `sql`
    /// on it: a database as an older version of the hub left it, for tests of the migrations that follow.
    static func makeDatabase(at path: String, upTo migration: String, then sql: String) throws {
        try makeDatabase(at: path, upTo: migration) { try $0.execute(sql: sql) }
    }

    /// Creates the database file at `path` with the schema only up to `migration` (inclusive), then runs `body`
    /// in a write transaction on it: for rows SQL text cannot say well, such as the heart-rate log's blocks.
    static func makeDatabase(at path: String, upTo migration: String, then body: (Database) throws -> Void) throws {
        let pool = try DatabasePool(path: path)
        try migrator.migrate(pool, upTo: migration)
        try pool.write(body)
        try pool.close()
    }

    /// Triggers that bump `table`'s change counter on every insert, update and delete.
    private static func countChanges(of table: String, in db: Database) throws {
        for event in ["INSERT", "UPDATE", "DELETE"] {
            try db.execute(
                sql: """
                    CREATE TRIGGER \(table)_\(event.lowercased())_counts AFTER \(event) ON \(table)
                    BEGIN UPDATE change_counters SET version = version + 1 WHERE name = '\(table)'; END
                    """)
        }
    }
}
