import Foundation
import GRDB
import Records

extension HubStore {
    /// The stored profile, or nil before one was set.
    public func profile() async throws -> Profile? {
        try await read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM profile WHERE id = 1").map { row in
                Profile(
                    name: row["name"], birthDate: row["birth_date"],
                    gender: Gender(rawValue: row["gender"]) ?? .other,
                    heightCentimeters: row["height_cm"], weightKilograms: row["weight_kg"],
                    heartRateMonitoring: row["heart_rate_monitoring"], ftpWatts: row["ftp_watts"])
            }
        }
    }

    /// Stores `profile`, replacing any earlier one.
    public func saveProfile(_ profile: Profile, at date: Date = Date()) async throws {
        try await write { db in
            try db.execute(
                sql: """
                    INSERT INTO profile (id, name, birth_date, gender, height_cm, weight_kg, heart_rate_monitoring,
                                         ftp_watts, updated_at)
                    VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT (id) DO UPDATE SET name = excluded.name, birth_date = excluded.birth_date,
                        gender = excluded.gender, height_cm = excluded.height_cm, weight_kg = excluded.weight_kg,
                        heart_rate_monitoring = excluded.heart_rate_monitoring, ftp_watts = excluded.ftp_watts,
                        updated_at = excluded.updated_at
                    """,
                arguments: [
                    profile.name, profile.birthDate, profile.gender.rawValue, profile.heightCentimeters,
                    profile.weightKilograms, profile.heartRateMonitoring, profile.ftpWatts, date.timeIntervalSince1970,
                ])
        }
    }

    /// Deletes the profile; calorie estimates then use the defaults until one is set again.
    ///
    /// - Returns: whether there was one.
    @discardableResult
    public func deleteProfile() async throws -> Bool {
        try await write { db in
            try db.execute(sql: "DELETE FROM profile")
            return db.changesCount > 0
        }
    }
}
