import Records

/// Ask the hub to shut down gracefully (the console's quit, a button held long).
public struct ShutdownCommand: BusMessage, Equatable {
    public var reason: String

    public init(reason: String) { self.reason = reason }
}

/// A plugin's `run()` failed; the supervisor restarts it after `restartIn`, or not at all when nil.
public struct PluginFailed: BusMessage, Equatable {
    public var plugin: PluginID
    public var reason: String
    public var restartIn: Duration?

    public init(plugin: PluginID, reason: String, restartIn: Duration?) {
        self.plugin = plugin
        self.reason = reason
        self.restartIn = restartIn
    }
}

/// Another process (the CLI) changed part of the store; whoever caches it reads it again.
public struct StoreChanged: BusMessage, Equatable {
    public var section: StoreSection

    public init(section: StoreSection) { self.section = section }
}

/// Every plugin was built and started: the hub is ready.
public struct HubReady: BusMessage, Equatable {
    public var plugins: [PluginID]

    public init(plugins: [PluginID]) { self.plugins = plugins }
}
