import HubStore
import Logging

/// What the hub hands every plugin: the bus, the store, a logger and the clock.
public struct PluginContext: Sendable {
    public var bus: MessageBus
    public var store: HubStore
    /// Carries the metadata `["plugin": id]`.
    public var logger: Logger
    public var clock: any HubClock

    public init(bus: MessageBus, store: HubStore, logger: Logger, clock: any HubClock) {
        self.bus = bus
        self.store = store
        self.logger = logger
        self.clock = clock
    }
}
