import GRDB
import Records

// `stayfit food add --person Kim` while Sam is current: a store that reads and writes Kim's records, and leaves who
// is current as it is. Every person-scoped query asks `personID(_:)`, so nothing of Sam's is read or written by
// mistake through a query that forgot the option.
extension HubStore {
    /// This database, read and written for `person` instead of the current person; who is current is not changed.
    ///
    /// The returned store shares this one's connections. Its `profile()`, food and weight logs, workouts, goals,
    /// reminders, statistics and energy budget are `person`'s.
    ///
    /// ```swift
    /// guard let kim = try await store.person(named: "Kim") else { … }
    /// try await store.acting(for: kim).logFood(entry)
    /// ```
    public func acting(for person: Person) -> HubStore { HubStore(sharing: self, actingFor: person.id) }

    /// This store held to whoever is current now (itself when it already acts for someone, or nobody is current):
    /// `FoodLedger`'s `holdingCurrentPerson()`, so that a `person Sam` in between cannot mix two people's records
    /// into one answer.
    public func holdingCurrentPerson() async throws -> HubStore {
        guard actingPersonID == nil, let person = try await currentPerson() else { return self }
        return acting(for: person)
    }

    /// The person this store acts for: the one given to ``acting(for:)``, else the current person.
    func personID(_ db: Database) throws -> Int64? {
        if let actingPersonID { return actingPersonID }
        return try Self.currentPersonID(db)
    }

    /// The key the heart-rate log's tables are unique on for the person this store acts for: their id, or 0 for
    /// nobody.
    func heartRateOwner(_ db: Database) throws -> Int64 { try personID(db) ?? 0 }
}
