import GRDB

/// "v16: straps of people": a heart-rate strap can belong to a person, so that its connection says who trains.
///
/// One row a strap: a strap has one owner, a person may have several. The rows go with the person (`ON DELETE
/// CASCADE`), and every change bumps the `devices` counter, so a running hub notices a pairing made by the CLI.
enum PersonStrapsMigration {
    static let name = "v16: straps of people"

    static func run(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE person_straps (
                    address TEXT PRIMARY KEY,                  -- upper case, e.g. C0:FF:EE:00:00:01
                    person_id INTEGER NOT NULL REFERENCES people(id) ON DELETE CASCADE,
                    paired_at REAL NOT NULL
                ) WITHOUT ROWID;
                CREATE INDEX person_straps_by_person ON person_straps(person_id);
                """)
        for event in ["INSERT", "UPDATE", "DELETE"] {
            try db.execute(
                sql: """
                    CREATE TRIGGER person_straps_\(event.lowercased())_counts AFTER \(event) ON person_straps
                    BEGIN UPDATE change_counters SET version = version + 1 WHERE name = 'devices'; END
                    """)
        }
    }
}
