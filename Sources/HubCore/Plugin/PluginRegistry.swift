import Logging

/// The explicit list of plugins the hub knows, and how to build the enabled ones from the configuration.
///
/// Swift has no module initialisers, so there is no side-effect registration: the `stayfit` target lists
/// every plugin type once.
public struct PluginRegistry: Sendable {
    public let types: [any Plugin.Type]

    public init(_ types: [any Plugin.Type]) {
        self.types = types
    }

    /// Ids of every known plugin, in registry order.
    public var ids: [PluginID] { types.map { $0.id } }

    /// Builds every plugin enabled in `configuration`, in registry order, with its supervisor policy.
    ///
    /// Runs each plugin's `init` (validation only, no I/O), so `stayfit config check` uses it too.
    /// - Throws: `ConfigurationError` for an unknown plugin table or any bad key in a plugin's table.
    public func build(
        _ configuration: HubConfiguration, context: (PluginID) -> PluginContext
    ) throws -> [BuiltPlugin] {
        let known = Set(ids)
        if let unknown = configuration.pluginTables.keys.filter({ !known.contains($0) }).sorted(by: { $0.rawValue < $1.rawValue }).first {
            let table = configuration.pluginTables[unknown]
            throw ConfigurationError(
                kind: .unknownKey, file: configuration.source.file,
                line: configuration.source.line(of: ["plugins", unknown.rawValue]), key: "plugins.\(unknown)",
                problem: "there is no plugin called \"\(unknown)\"" + (table == nil ? "" : ""),
                fix: "Known plugins: \(ids.map(\.rawValue).joined(separator: ", ")).")
        }
        return try types.compactMap { type in
            guard let table = configuration.pluginTables[type.id] else { return nil }
            return try Self.build(type, table: table, context: context(type.id))
        }
    }

    private static func build<P: Plugin>(_ type: P.Type, table: ConfigTable, context: PluginContext) throws -> BuiltPlugin {
        let policy = try FailurePolicy.read(from: table)
        let plugin = try P(configuration: P.Configuration(table), context: context)
        try table.rejectUnknownKeys()
        return BuiltPlugin(id: P.id, plugin: plugin, policy: policy)
    }
}

/// A plugin built from its configuration, ready to run under a `Supervisor`.
public struct BuiltPlugin: Sendable {
    public let id: PluginID
    public let plugin: any Plugin
    public let policy: FailurePolicy
}
