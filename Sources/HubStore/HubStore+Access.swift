import Records

// The narrow views of the store that the hub's parts are given (see Sources/Records/Access): the store is each of
// them, and nobody but the code that opens it holds the whole store.

extension HubStore: WorkoutLog {}

extension HubStore: StoreChanges {
    /// `HubStore.changeMarkerName`.
    public var changeMarkerFileName: String { Self.changeMarkerName }
}

extension HubStore: ProfileSource {}
extension HubStore: ProgramShelf {}
extension HubStore: ProgramStepLog {}
extension HubStore: FoodLedger {}

extension HubStore: DeviceMemory {}

extension HubStore: ReminderBook {}

extension HubStore: HeartRateLogBook {}

extension HubStore: GoalStore {}

extension HubStoreError: StoreWriteError {}
