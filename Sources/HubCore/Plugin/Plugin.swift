import Logging
import ServiceLifecycle

/// A loadable unit of hub behaviour: a sensor, a coach, an output, a front end.
///
/// `init` validates the configuration and wires dependencies without any I/O, so that `stayfit config check`
/// can build every plugin without touching hardware ("Init validates, run connects"). `run()` holds all
/// long-running work; return or throw to stop, and react to cancellation and graceful shutdown.
///
/// An instance runs once. The hub builds the first instance when it starts, so what `init` subscribes to sees the
/// first messages of the hub; when `run()` fails and the supervisor restarts the plugin, it builds a fresh instance
/// from the same configuration and context, with fresh subscriptions (a bus stream ends with the run that consumed
/// it, and a reused instance would be deaf). Keep in an instance only what one run needs.
///
/// ```swift
/// public struct BeepPlugin: Plugin {
///     public struct Configuration: PluginConfiguration {
///         public var everySeconds: Int
///         public init(_ table: ConfigTable) throws { everySeconds = try table.int("every-seconds", default: 60, in: 1...3600) }
///     }
///     public static let id: PluginID = "beep"
///     let configuration: Configuration, context: PluginContext
///     public init(configuration: Configuration, context: PluginContext) { … }
///     public func run() async throws { … }
/// }
/// ```
public protocol Plugin: Service {
    associatedtype Configuration: PluginConfiguration
    /// Stable key used in stayfit.toml (`[plugins.<id>]`), logs and the database, e.g. "heart-rate".
    static var id: PluginID { get }
    /// What the hub must know about this kind of plugin (where it stops in a shutdown, whether it needs real
    /// time). Empty unless the plugin declares otherwise.
    static var capabilities: PluginCapabilities { get }
    /// Settings this plugin took over from elsewhere in the file: found at their old place, the file is refused
    /// with a message that says where they went. None unless the plugin declares some.
    static var movedSettings: [MovedSetting] { get }
    /// The keys of its table a person may change from a front end (the web app's settings pages), in the order they
    /// are shown; none by default. The plugin's `Configuration` still decides what is valid.
    static var settings: [SettingField] { get }
    /// Validates configuration and wires dependencies. Does no I/O; throws a `ConfigurationError` naming the key.
    ///
    /// Called once when the hub starts (and by `stayfit config check`), and again for every supervised restart.
    init(configuration: Configuration, context: PluginContext) throws
}

extension Plugin {
    public static var capabilities: PluginCapabilities { [] }
    public static var movedSettings: [MovedSetting] { [] }
    public static var settings: [SettingField] { [] }
}

/// A plugin's typed settings, read from its `[plugins.<id>]` table.
///
/// Read every key through `ConfigTable`'s typed accessors with a default and a range: the table reports
/// unknown keys, wrong types and out-of-range values with file, line and key.
public protocol PluginConfiguration: Sendable {
    init(_ table: ConfigTable) throws
}

/// A plugin's stable identifier, kebab-case: `"heart-rate"`, `"voice-coach"`.
public struct PluginID: Hashable, Sendable, Codable, ExpressibleByStringLiteral, CustomStringConvertible {
    public let rawValue: String

    public init(_ rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.init(value) }
    public var description: String { rawValue }
}
