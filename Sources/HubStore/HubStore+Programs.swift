import Foundation
import GRDB
import Records

extension HubStore {
    /// A built-in program as the `Programs` module has it, for ``syncBuiltInPrograms(_:at:)``.
    public typealias BuiltInProgramText = Records.BuiltInProgramText

    /// What ``deleteProgram(id:)`` did.
    public enum ProgramRemoval: Sendable, Equatable {
        /// A personal program, gone.
        case deleted
        /// A built-in, hidden: it is never destroyed, and `restoreProgram(id:)` brings it back.
        case hidden
    }

    /// Makes the stored built-ins match `builtIns`: new ones are added, the name, kind and text of known ones
    /// refreshed; votes and hidden states stay. Nothing is written when they already match.
    ///
    /// The store does not read programs (it does not import the `Programs` module), so whoever lists them calls
    /// this first with `BuiltInPrograms.all`.
    public func syncBuiltInPrograms(_ builtIns: [BuiltInProgramText], at date: Date = Date()) async throws {
        let stored = try await read { db in
            try Row.fetchAll(db, sql: "SELECT built_in, name, kind, text FROM programs WHERE built_in IS NOT NULL")
                .map { row in
                    BuiltInProgramText(
                        id: row["built_in"], name: row["name"], kind: WorkoutKind(rawValue: row["kind"]),
                        text: row["text"])
                }
        }
        let changed = builtIns.filter { !stored.contains($0) }
        guard !changed.isEmpty else { return }
        try await write { db in
            for program in changed {
                try db.execute(
                    sql: """
                        INSERT INTO programs (built_in, name, kind, text, created_at, updated_at)
                        VALUES (?, ?, ?, ?, ?, ?)
                        ON CONFLICT (built_in) DO UPDATE SET name = excluded.name, kind = excluded.kind,
                            text = excluded.text, updated_at = excluded.updated_at
                        """,
                    arguments: [
                        program.id, program.name, program.kind.rawValue, program.text, date.timeIntervalSince1970,
                        date.timeIntervalSince1970,
                    ])
            }
        }
    }

    /// The programs by rating (up votes less down votes, best first), then name; hidden built-ins only when asked.
    public func programs(includingHidden: Bool = false) async throws -> [StoredProgram] {
        try await read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT * FROM programs \(includingHidden ? "" : "WHERE hidden = 0")
                    ORDER BY ups - downs DESC, name COLLATE NOCASE, id
                    """
            ).map(Self.storedProgram)
        }
    }

    /// The program a person names by `id` (a built-in's id or a personal program's number), hidden or not.
    public func program(id: String) async throws -> StoredProgram? {
        try await read { db in try Self.programRow(id: id, in: db).map(Self.storedProgram) }
    }

    /// Stores a personal program; its text must already have been validated.
    ///
    /// - Returns: the stored program, with its new id.
    public func addProgram(
        name: String, kind: WorkoutKind, text: String, copiedFrom: String? = nil, at date: Date = Date()
    ) async throws -> StoredProgram {
        try await write { db in
            try db.execute(
                sql: """
                    INSERT INTO programs (name, kind, text, copied_from, created_at, updated_at)
                    VALUES (?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    name, kind.rawValue, text, copiedFrom, date.timeIntervalSince1970, date.timeIntervalSince1970,
                ])
            return StoredProgram(
                id: String(db.lastInsertedRowID), name: name, kind: kind, text: text, copiedFrom: copiedFrom)
        }
    }

    /// Replaces a personal program's name, kind and text (already validated); votes stay.
    ///
    /// - Throws: `HubStoreError` (``HubStoreError/isNotFound``) when there is no such personal program: a built-in
    ///   is not edited, only copied.
    public func updateProgram(
        id: String, name: String, kind: WorkoutKind, text: String, at date: Date = Date()
    ) async throws {
        let path = self.path
        try await write { db in
            guard let number = Int64(id) else {
                throw HubStoreError.notFound("there is no personal program \(id)", path: path)
            }
            try db.execute(
                sql:
                    "UPDATE programs SET name = ?, kind = ?, text = ?, updated_at = ? WHERE id = ? AND built_in IS NULL",
                arguments: [name, kind.rawValue, text, date.timeIntervalSince1970, number])
            guard db.changesCount > 0 else {
                throw HubStoreError.notFound("there is no personal program \(id)", path: path)
            }
        }
    }

    /// Adds one up or down vote.
    ///
    /// - Returns: the program with its new votes, or nil when there is none with this id.
    public func rateProgram(id: String, up: Bool) async throws -> StoredProgram? {
        try await write { db in
            guard let row = try Self.programRow(id: id, in: db) else { return nil }
            let column = up ? "ups" : "downs"
            try db.execute(
                sql: "UPDATE programs SET \(column) = \(column) + 1 WHERE id = ?", arguments: [row["id"] as Int64])
            return try Self.programRow(id: id, in: db).map(Self.storedProgram)
        }
    }

    /// Deletes a personal program, or hides a built-in (which is never destroyed).
    ///
    /// - Returns: what was done, or nil when there is no program with this id.
    public func deleteProgram(id: String) async throws -> ProgramRemoval? {
        try await write { db in
            guard let row = try Self.programRow(id: id, in: db) else { return nil }
            let number: Int64 = row["id"]
            if (row["built_in"] as String?) != nil {
                try db.execute(sql: "UPDATE programs SET hidden = 1 WHERE id = ?", arguments: [number])
                return .hidden
            }
            try db.execute(sql: "DELETE FROM programs WHERE id = ?", arguments: [number])
            return .deleted
        }
    }

    /// Shows a hidden built-in in lists again.
    ///
    /// - Returns: false when there is no built-in with this id.
    public func restoreProgram(id: String) async throws -> Bool {
        try await write { db in
            try db.execute(sql: "UPDATE programs SET hidden = 0 WHERE built_in = ?", arguments: [id])
            return db.changesCount > 0
        }
    }

    private static func programRow(id: String, in db: Database) throws -> Row? {
        if let number = Int64(id) {
            return try Row.fetchOne(
                db, sql: "SELECT * FROM programs WHERE id = ? AND built_in IS NULL", arguments: [number])
        }
        return try Row.fetchOne(db, sql: "SELECT * FROM programs WHERE built_in = ?", arguments: [id])
    }

    private static func storedProgram(_ row: Row) -> StoredProgram {
        let builtIn: String? = row["built_in"]
        let number: Int64 = row["id"]
        return StoredProgram(
            id: builtIn ?? String(number), name: row["name"], kind: WorkoutKind(rawValue: row["kind"]),
            text: row["text"], ups: row["ups"], downs: row["downs"], builtIn: builtIn != nil, hidden: row["hidden"],
            copiedFrom: row["copied_from"])
    }
}
