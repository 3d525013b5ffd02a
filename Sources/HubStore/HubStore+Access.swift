import GRDB
import Records

// The narrow views of the store that the hub's parts are given (see Sources/Records/Access): the store is each of
// them, and nobody but the code that opens it holds the whole store.

extension HubStore: WorkoutLog {}

extension HubStore: StoreChanges {
    /// `HubStore.changeMarkerName`.
    public var changeMarkerFileName: String { Self.changeMarkerName }
}

extension HubStore: ProfileSource {}
extension HubStore: ProfileBook {}
extension HubStore: ProgramShelf {}
extension HubStore: ProgramStore {}
extension HubStore: ProgramStepLog {}
extension HubStore: FoodLedger {}
extension HubStore: FoodDiary {}

extension HubStore: PeopleRoster {
    public func roster() async throws -> (names: [String], current: String?) {
        let people = try await people()
        return (people.map(\.name), people.first(where: \.isCurrent)?.name)
    }

    public func nextPersonName() async throws -> String? {
        try await read { db in
            try String.fetchOne(
                db,
                sql: """
                    SELECT name FROM people WHERE id = COALESCE(
                        (SELECT people.id FROM people JOIN settings ON settings.value = people.id
                         WHERE settings.name = 'current_person_id'),
                        (SELECT min(id) FROM people))
                    """)
        }
    }

    public func choosePerson(named name: String) async throws -> String? {
        do {
            return try await setCurrentPerson(named: name).name
        } catch let error as HubStoreError where error.isNotFound {
            return nil
        }
    }
}

extension HubStore: DeviceMemory {}
extension HubStore: DeviceBook {}
extension HubStore: StrapOwners {
    public func strapsOfPeople() async throws -> [String] { try await personStraps().map(\.address) }
}

extension HubStore: ReminderBook {}
extension HubStore: ReminderEditor {}

extension HubStore: HeartRateLogBook {}

extension HubStore: GoalStore {}
extension HubStore: GoalBook {}

extension HubStore: WorkoutHistory {}

extension HubStoreError: StoreWriteError {
    public var refusal: String? { isRefused || isNotFound ? description : nil }
}
