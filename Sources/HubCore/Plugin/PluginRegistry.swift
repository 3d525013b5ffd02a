import Logging
import Synchronization

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
        if let unknown = configuration.pluginTables.keys.filter({ !known.contains($0) }).sorted(by: {
            $0.rawValue < $1.rawValue
        }).first {
            throw ConfigurationError(
                kind: .unknownKey, file: configuration.source.file,
                line: configuration.source.line(of: ["plugins", unknown.rawValue]), key: "plugins.\(unknown)",
                problem: "there is no plugin called \"\(unknown)\"",
                fix: "Known plugins: \(ids.map(\.rawValue).joined(separator: ", ")).")
        }
        let tables = try enabledTables(in: configuration)
        // A table switched off with `enabled = false` is still checked: switching it on later must not be the moment
        // a typo in it surfaces (`stayfit config check` says OK for what it checked).
        for type in types where tables[type.id] == nil {
            if let table = configuration.pluginTables[type.id] { try Self.check(type, table: table) }
        }
        return try types.compactMap { type in
            guard let table = tables[type.id] else { return nil }
            return try Self.build(type, table: table, context: context(type.id))
        }
    }

    /// The table of every plugin that runs with `configuration`: each `[plugins.<id>]` table, and an empty one for
    /// a plugin that is `onByDefault` and has none; without those whose table says `enabled = false`.
    ///
    /// - Throws: `ConfigurationError` for an `enabled` that is not true or false.
    public func enabledTables(in configuration: HubConfiguration) throws -> [PluginID: ConfigTable] {
        var tables: [PluginID: ConfigTable] = [:]
        for type in types {
            // No `??`: its autoclosure would read the capabilities through the existential (see `capabilities(of:)`).
            var table = configuration.pluginTables[type.id]
            if table == nil, Self.capabilities(of: type).contains(.onByDefault) {
                table = .empty(keyPath: ["plugins", type.id.rawValue], file: configuration.source.file)
            }
            if let table, try table.bool("enabled", default: true) { tables[type.id] = table }
        }
        return tables
    }

    /// The enabled plugins that declare `capability`, in registry order.
    ///
    /// Reads only which tables exist, builds nothing: `stayfit run` uses it to refuse `--speed` with a plugin that
    /// needs real time before it opens anything.
    /// - Throws: `ConfigurationError` for an `enabled` that is not true or false.
    public func enabled(with capability: PluginCapabilities, in configuration: HubConfiguration) throws -> [PluginID] {
        let tables = try enabledTables(in: configuration)
        var found: [PluginID] = []
        // A loop, not a closure: see `capabilities(of:)`.
        for type in types where tables[type.id] != nil {
            if Self.capabilities(of: type).isSuperset(of: capability) { found.append(type.id) }
        }
        return found
    }

    /// The settings every known plugin took over from elsewhere in the file, for `HubConfiguration.load`.
    public var movedSettings: [MovedSetting] {
        var settings: [MovedSetting] = []
        for type in types { settings += Self.movedSettings(of: type) }
        return settings
    }

    private static func movedSettings<P: Plugin>(of type: P.Type) -> [MovedSetting] { P.movedSettings }

    /// The settings the plugin type with `id` offers a front end; empty for an unknown id.
    func settings(of id: PluginID) -> [SettingField] {
        for type in types where type.id == id { return Self.settings(of: type) }
        return []
    }

    private static func settings<P: Plugin>(of type: P.Type) -> [SettingField] { P.settings }

    /// What the plugin type with `id` declares; empty for an unknown id.
    func capabilities(of id: PluginID) -> PluginCapabilities {
        types.first { $0.id == id }.map { Self.capabilities(of: $0) } ?? []
    }

    // Opens the existential explicitly: reading `capabilities` through `any Plugin.Type` in a closure crashes the
    // Swift 6.3 compiler.
    private static func capabilities<P: Plugin>(of type: P.Type) -> PluginCapabilities { P.capabilities }

    /// Reads `table` as building the plugin would, without building it.
    private static func check<P: Plugin>(_ type: P.Type, table: ConfigTable) throws {
        _ = try FailurePolicy.read(from: table)
        _ = try P.Configuration(table)
        try table.rejectUnknownKeys()
    }

    private static func build<P: Plugin>(_ type: P.Type, table: ConfigTable, context: PluginContext) throws
        -> BuiltPlugin
    {
        let policy = try FailurePolicy.read(from: table)
        let configuration = try P.Configuration(table)
        let first = try P(configuration: configuration, context: context)
        try table.rejectUnknownKeys()
        return BuiltPlugin(
            id: P.id, capabilities: P.capabilities, policy: policy, first: first,
            factory: { try P(configuration: configuration, context: context) })
    }
}

/// A plugin built from its configuration, ready to run under a `Supervisor`: its policy, its capabilities and a
/// way to make an instance for each run.
public struct BuiltPlugin: Sendable {
    public let id: PluginID
    /// What the plugin type declares (`P.capabilities`).
    public let capabilities: PluginCapabilities
    public let policy: FailurePolicy
    private let first: FirstInstance
    private let factory: @Sendable () throws -> any Plugin

    init(
        id: PluginID, capabilities: PluginCapabilities, policy: FailurePolicy, first: any Plugin,
        factory: @escaping @Sendable () throws -> any Plugin
    ) {
        self.id = id
        self.capabilities = capabilities
        self.policy = policy
        self.first = FirstInstance(first)
        self.factory = factory
    }

    /// An instance for one run of the plugin.
    ///
    /// The first call returns the instance built with the hub (its `init` ran at start-up and subscribed to the bus
    /// before any plugin ran); every later call builds a fresh one from the same, already validated configuration
    /// and context, so that a restarted plugin has subscriptions of its own.
    /// - Throws: whatever the plugin's `init` throws (it accepted the same configuration before, so rarely).
    public func make() throws -> any Plugin {
        if let instance = first.take() { return instance }
        return try factory()
    }
}

/// The instance built at start-up, handed out once: kept no longer than its run needs it, so that its
/// subscriptions end with that run instead of filling up (and counting as lost) for the rest of the hub's life.
private final class FirstInstance: Sendable {
    private let instance: Mutex<(any Plugin)?>

    init(_ instance: any Plugin) { self.instance = Mutex(instance) }

    func take() -> (any Plugin)? {
        instance.withLock { instance in
            defer { instance = nil }
            return instance
        }
    }
}
