import Logging

/// What the hub hands every plugin: the bus, the storage, a logger, the clock and the units figures are shown in.
///
/// The storage is opaque: a plugin asks for the narrow view of it that it needs (a protocol such as `ReminderBook`
/// or `DeviceMemory`, which the hub's store conforms to) with `store(_:)`, in its `init`, and never holds the whole
/// store. Tests hand a plugin an in-memory view (HubTestKit's `InMemoryReminderBook` …) or a real store.
///
/// ```swift
/// init(configuration: Configuration, context: PluginContext) throws {
///     book = try context.store((any ReminderBook).self)
/// }
/// ```
public struct PluginContext: Sendable {
    public var bus: MessageBus
    /// The hub's storage (its `HubStore`, or a test's in-memory view): read it through `store(_:)`.
    public var storage: any Sendable
    /// Carries the metadata `["plugin": id]`.
    public var logger: Logger
    public var clock: any HubClock
    /// `[reports] units`: what a plugin that writes figures for the person to read (share text) writes them in, so
    /// that they agree with the reports. A hub-wide choice, not one plugin's key.
    public var units: ReportSettings.Units

    public init(
        bus: MessageBus, storage: any Sendable, logger: Logger, clock: any HubClock,
        units: ReportSettings.Units = .metric
    ) {
        self.bus = bus
        self.storage = storage
        self.logger = logger
        self.clock = clock
        self.units = units
    }

    /// The storage seen as `view`, the few operations its caller needs of it.
    ///
    /// Does no I/O: `init` may call it (`stayfit config check` builds every plugin).
    /// - Throws: `StorageUnavailable` when the hub's storage has no such view.
    public func store<View>(_ view: View.Type) throws -> View {
        guard let store = storage as? View else { throw StorageUnavailable(view: "\(view)", storage: storage) }
        return store
    }
}
