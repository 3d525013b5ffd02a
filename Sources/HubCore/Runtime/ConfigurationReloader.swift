import Logging
import ServiceLifecycle
import Threading
import UnixSignals

/// Reloads the configuration on SIGHUP (`systemctl reload stayfit`): the plugins whose table changed are restarted
/// with it, plugins enabled or disabled start or stop, and everything else (the workout engine, a workout under
/// way, the other plugins) goes on untouched.
///
/// The new file is checked whole before anything changes: a syntax error, an unknown key or a plugin that refuses
/// its table leaves the hub on the configuration it has, and says why in the log and in systemd's `STATUS=`.
/// Settings outside `[plugins]` (`[hub]`, `[workout]`) are read at start only: a change to them
/// is reported as waiting for the next start.
struct ConfigurationReloader: Service {
    /// Reads the configuration file again, as the hub read it at start.
    let load: @Sendable () throws -> HubConfiguration
    let registry: PluginRegistry
    let slots: [PluginID: PluginSlot]
    let context: @Sendable (PluginID) -> PluginContext
    let speed: Double
    let notifier: SystemdNotifier
    let logger: Logger
    /// SIGHUP, trapped before the hub starts its services: a SIGHUP that comes right after READY=1 then reloads
    /// instead of ending the process (the signal's default).
    let signals: UnixSignalsSequence
    private let initial: ConfigurationSnapshot

    init(
        configuration: ConfigurationSnapshot, load: @escaping @Sendable () throws -> HubConfiguration,
        registry: PluginRegistry, slots: [PluginID: PluginSlot],
        context: @escaping @Sendable (PluginID) -> PluginContext,
        speed: Double, notifier: SystemdNotifier, logger: Logger, signals: UnixSignalsSequence
    ) {
        initial = configuration
        self.load = load
        self.registry = registry
        self.slots = slots
        self.context = context
        self.speed = speed
        self.notifier = notifier
        self.logger = logger
        self.signals = signals
    }

    func run() async throws {
        var current = initial
        var failedLast = false
        for await _ in signals.cancelOnGracefulShutdown() {
            notifier.notify("RELOADING=1")
            // Reading the file and building the plugins may block: a plugin's check can wait for a library (the
            // voice coach's voice check waits behind any synthesis under way). That waits on a thread of its own,
            // never on one of the cooperative pool's few threads.
            let snapshot = current
            let reloaded = await DedicatedThread.run(name: "reload") { Result { try reload(from: snapshot) } }
            do {
                current = try reloaded.get()
                if failedLast {
                    notifier.notify("READY=1\nSTATUS=configuration reloaded")
                } else {
                    notifier.notify("READY=1")
                }
                failedLast = false
            } catch {
                logger.error(
                    "configuration not reloaded; the hub goes on with the one it has", metadata: ["error": "\(error)"])
                notifier.notify("READY=1\nSTATUS=configuration not reloaded: \(error)")
                failedLast = true
            }
        }
    }

    /// Reads and checks the file, then swaps the plugins whose table changed; returns the new snapshot.
    ///
    /// - Throws: the file's `ConfigurationError`, or `RealTimeRequired` for a plugin the sped-up hub cannot run;
    ///   nothing has changed then.
    func reload(from current: ConfigurationSnapshot) throws -> ConfigurationSnapshot {
        let configuration = try load()
        // Every plugin's init checks its table (as at start), so a bad table refuses the whole file.
        let built = try registry.build(configuration, context: context)
        if speed != 1, let plugin = built.first(where: { $0.capabilities.contains(.needsRealTime) }) {
            throw RealTimeRequired(plugin: plugin.id, speed: speed)
        }
        let next = ConfigurationSnapshot(configuration, enabled: try registry.enabledTables(in: configuration))
        let plan = ReloadPlan(from: current, to: next, order: registry.ids)
        let byID = Dictionary(uniqueKeysWithValues: built.map { ($0.id, $0) })
        for id in plan.changedPlugins { slots[id]?.replace(with: byID[id]) }
        var metadata: Logger.Metadata = [:]
        for (key, ids) in [("restarted", plan.restart), ("started", plan.start), ("stopped", plan.stop)]
        where !ids.isEmpty {
            metadata[key] = "\(ids.map(\.rawValue).joined(separator: ","))"
        }
        logger.notice(
            plan.changedPlugins.isEmpty ? "configuration reloaded; no plugin changed" : "configuration reloaded",
            metadata: metadata)
        if !plan.settingsForNextStart.isEmpty {
            logger.warning(
                "changed settings take effect when the hub starts again (systemctl restart stayfit)",
                metadata: ["settings": "\(plan.settingsForNextStart.joined(separator: ", "))"])
        }
        return next
    }
}
