import Foundation
import GRDB
import Records

/// Heart-rate straps that belong to people (`stayfit devices pair ADDRESS --person Sam`): when one connects, the hub
/// knows who is training.
extension HubStore {
    /// Makes the strap at `address` (a Bluetooth address, upper case) the strap of the person called `name`,
    /// whoever's it was before.
    ///
    /// - Returns: the person, and the name of its previous owner when it was someone else's.
    /// - Throws: `HubStoreError` (`isNotFound`) when nobody is called `name`; nothing is written then.
    @discardableResult
    public func pairStrap(_ address: String, toPersonNamed name: String, at date: Date = Date()) async throws -> (
        person: Person, previousOwner: String?
    ) {
        try await write { [path] db in
            guard let person = try Self.person(named: name, in: db) else {
                throw Self.noSuchPerson(name, path: path)
            }
            let previous = try Self.strapOwner(address, in: db)
            try db.execute(
                sql: "INSERT OR REPLACE INTO person_straps (address, person_id, paired_at) VALUES (?, ?, ?)",
                arguments: [address.uppercased(), person.id, date.timeIntervalSince1970])
            return (person, previous == person.name ? nil : previous)
        }
    }

    /// Makes the strap at `address` nobody's; the name of the person it belonged to, or nil when it was nobody's.
    @discardableResult
    public func unpairStrap(_ address: String) async throws -> String? {
        try await write { db in
            let owner = try Self.strapOwner(address, in: db)
            try db.execute(sql: "DELETE FROM person_straps WHERE address = ?", arguments: [address.uppercased()])
            return owner
        }
    }

    /// Every strap that belongs to someone: its address and the person's name, by address.
    public func personStraps() async throws -> [(address: String, person: String)] {
        try await read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT person_straps.address, people.name FROM person_straps
                    JOIN people ON people.id = person_straps.person_id ORDER BY person_straps.address
                    """
            ).map { (address: $0["address"], person: $0["name"]) }
        }
    }

    /// The name of the person whose strap is at `address`, or nil when it is nobody's.
    public func strapOwner(address: String) async throws -> String? {
        try await read { db in try Self.strapOwner(address, in: db) }
    }

    private static func strapOwner(_ address: String, in db: Database) throws -> String? {
        try String.fetchOne(
            db,
            sql: """
                SELECT people.name FROM person_straps JOIN people ON people.id = person_straps.person_id
                WHERE person_straps.address = ?
                """,
            arguments: [address.uppercased()])
    }
}
