import Logging

/// What a configuration says, without where it says it: compared on a reload to find what changed.
///
/// Line numbers and comments do not count: moving a table or fixing a comment restarts nothing.
struct ConfigurationSnapshot: Sendable, Equatable {
    var logLevel: Logger.Level
    var workout: WorkoutSettings
    /// The values of each enabled plugin's table (`PluginRegistry.enabledTables(in:)`).
    var pluginTables: [PluginID: [String: ConfigValue]]

    init(_ configuration: HubConfiguration, enabled tables: [PluginID: ConfigTable]) {
        logLevel = configuration.logLevel
        workout = configuration.workout
        pluginTables = tables.mapValues(\.values)
    }

    init(
        logLevel: Logger.Level = .info, workout: WorkoutSettings = WorkoutSettings(),
        pluginTables: [PluginID: [String: ConfigValue]]
    ) {
        self.logLevel = logLevel
        self.workout = workout
        self.pluginTables = pluginTables
    }
}

/// What a reload changes: which plugins restart, start or stop, and which hub settings wait for the next start.
struct ReloadPlan: Sendable, Equatable {
    /// Enabled before and after, with a table that changed.
    var restart: [PluginID] = []
    /// Enabled by the new file.
    var start: [PluginID] = []
    /// Disabled by the new file (its table is gone, or says `enabled = false`).
    var stop: [PluginID] = []
    /// Tables outside `[plugins]` that changed; the running hub keeps their old values until it restarts.
    var settingsForNextStart: [String] = []

    /// The plan from `old` to `new`, plugins in `order` (the registry's).
    init(from old: ConfigurationSnapshot, to new: ConfigurationSnapshot, order: [PluginID]) {
        for id in order {
            switch (old.pluginTables[id], new.pluginTables[id]) {
            case (let before?, let after?) where before != after: restart.append(id)
            case (nil, _?): start.append(id)
            case (_?, nil): stop.append(id)
            default: break
            }
        }
        if old.logLevel != new.logLevel { settingsForNextStart.append("[hub] log-level") }
        if old.workout != new.workout { settingsForNextStart.append("[workout]") }
    }

    init(restart: [PluginID] = [], start: [PluginID] = [], stop: [PluginID] = [], settingsForNextStart: [String] = []) {
        self.restart = restart
        self.start = start
        self.stop = stop
        self.settingsForNextStart = settingsForNextStart
    }

    /// Every plugin whose run changes.
    var changedPlugins: [PluginID] { restart + start + stop }
}
