import GRDB
import Records

// In the `settings` table, with the hub's other data: it is backed up, moved and removed with it, it is as private
// as the database (the data directory is the hub user's alone), and a change by the CLI is seen by the running hub
// at its next read, with no file of its own to watch.
extension HubStore: WebPasswordStore {
    static let webPasswordSetting = "web_password_hash"

    public func webPasswordHash() async throws -> String? {
        try await read { db in
            try String.fetchOne(
                db, sql: "SELECT value FROM settings WHERE name = ?", arguments: [Self.webPasswordSetting])
        }
    }

    public func setWebPasswordHash(_ hash: String) async throws {
        try await write { db in
            try db.execute(
                sql: "INSERT OR REPLACE INTO settings (name, value) VALUES (?, ?)",
                arguments: [Self.webPasswordSetting, hash])
        }
    }
}
