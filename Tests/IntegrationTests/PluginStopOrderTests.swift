import HubTestKit
import Logging
import Testing

@testable import HubCore
@testable import stayfit

/// Where the hub's own plugins stop in a shutdown, with the registry `stayfit` runs.
@Suite struct PluginStopOrderTests {
    /// The heart-rate log comes before the sensors in the registry, so it stops after them (plugins stop in reverse
    /// order) and still writes what they sent until they stopped.
    @Test func theHeartRateLogStopsAfterEverySensor() throws {
        let (context, directory) = try PluginContext.test()
        defer { withExtendedLifetime(directory) {} }
        let configuration = try HubConfiguration(
            text: "[plugins.heart-rate]\n[plugins.location]\n[plugins.simulator]\n", file: "stayfit.toml")
        let hub = try Hub(
            configuration: configuration, registry: pluginRegistry, store: context.hubStore, clock: context.clock,
            logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }), bus: context.bus)
        let stopOrder = hub.services().map(\.serviceName).reversed()
        let beforeTheEngine = stopOrder.prefix { $0 != "workout engine" }.filter { $0.hasPrefix("plugin ") }
        #expect(
            Array(beforeTheEngine) == [
                "plugin people", "plugin location", "plugin heart-rate", "plugin simulator", "plugin status",
                "plugin heart-rate-log",
            ])
    }
}
