import HubStore
import Logging

/// What the hub hands every plugin: the bus, the store, a logger, the clock and the units figures are shown in.
public struct PluginContext: Sendable {
    public var bus: MessageBus
    public var store: HubStore
    /// Carries the metadata `["plugin": id]`.
    public var logger: Logger
    public var clock: any HubClock
    /// `[reports] units`: what a plugin that writes figures for the person to read (share text) writes them in, so
    /// that they agree with the reports. A hub-wide choice, not one plugin's key.
    public var units: ReportSettings.Units

    public init(
        bus: MessageBus, store: HubStore, logger: Logger, clock: any HubClock, units: ReportSettings.Units = .metric
    ) {
        self.bus = bus
        self.store = store
        self.logger = logger
        self.clock = clock
        self.units = units
    }
}
