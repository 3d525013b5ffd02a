import Foundation
import GRDB
import Records

/// The profile the hub has always had, now the current person's (see `HubStore+People`): what plugins read through
/// `ProfileSource` and `stayfit profile` shows and sets, unchanged for a hub with one person.
extension HubStore {
    /// The current person's profile, or nil when there are no people or theirs is not given yet.
    public func profile() async throws -> Profile? {
        try await read { db in
            guard let id = try self.personID(db) else { return nil }
            return try Row.fetchOne(db, sql: "SELECT * FROM people WHERE id = ?", arguments: [id]).flatMap(Self.profile)
        }
    }

    /// Stores `profile` as the current person's, their name included; with no people yet, it makes the first person.
    ///
    /// - Throws: `HubStoreError` (`isRefused`) when the name is another person's.
    public func saveProfile(_ profile: Profile, at date: Date = Date()) async throws {
        try await write { [path] db in
            guard let id = try self.personID(db) else {
                try db.execute(
                    sql: """
                        INSERT INTO people (name, birth_date, gender, height_cm, weight_kg, heart_rate_monitoring,
                                            ftp_watts, created_at, updated_at)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                        """,
                    arguments: [
                        profile.name, profile.birthDate, profile.gender.rawValue, profile.heightCentimeters,
                        profile.weightKilograms, profile.heartRateMonitoring, profile.ftpWatts,
                        date.timeIntervalSince1970, date.timeIntervalSince1970,
                    ])
                try Self.adoptUnowned(by: db.lastInsertedRowID, in: db)
                return
            }
            try Self.refuseTakenName(profile.name, except: id, in: db, path: path)
            try db.execute(
                sql: """
                    UPDATE people SET name = ?, birth_date = ?, gender = ?, height_cm = ?, weight_kg = ?,
                        heart_rate_monitoring = ?, ftp_watts = ?, updated_at = ?
                    WHERE id = ?
                    """,
                arguments: [
                    profile.name, profile.birthDate, profile.gender.rawValue, profile.heightCentimeters,
                    profile.weightKilograms, profile.heartRateMonitoring, profile.ftpWatts, date.timeIntervalSince1970,
                    id,
                ])
        }
    }

    /// Clears the current person's profile (birth date, gender, height, weight, FTP); calorie estimates then use the
    /// defaults until one is set again. The person stays, with their name, workouts, goals and reminders.
    ///
    /// - Returns: whether there was one.
    @discardableResult
    public func deleteProfile() async throws -> Bool {
        try await write { db in
            guard let id = try self.personID(db) else { return false }
            try db.execute(
                sql: """
                    UPDATE people SET birth_date = NULL, gender = NULL, height_cm = NULL, weight_kg = NULL,
                        heart_rate_monitoring = 0, ftp_watts = NULL
                    WHERE id = ? AND birth_date IS NOT NULL
                    """,
                arguments: [id])
            return db.changesCount > 0
        }
    }
}
