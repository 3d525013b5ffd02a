import Foundation
import HubCore
import HubStore

/// `stayfit config check`'s test of a configuration, shared with `stayfit setup` (which checks what it writes):
/// every enabled plugin is built, without touching hardware.
enum ConfigurationCheck {
    /// Builds every plugin `configuration` enables and returns their ids.
    ///
    /// - Throws: the `ConfigurationError` of the first plugin that refuses its table (file, line, key).
    static func enabledPlugins(_ configuration: HubConfiguration) throws -> [String] {
        // Plugins need a store to be built; a throw-away one keeps the check free of side effects.
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "stayfit-check-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        defer { try? FileManager.default.removeItem(at: directory) }
        var logger = LogSetup.bootstrap(level: .warning)
        logger.logLevel = .warning
        let hub = try Hub(
            configuration: configuration, registry: pluginRegistry, store: try HubStore(directory: directory),
            clock: SystemClock(), logger: logger)
        return hub.plugins.map(\.id.rawValue)
    }
}
