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
///
/// It also answers the front ends' `SettingsRequest`s (the web app's music and voice pages), in turn with the
/// reloads: a change is written into the file and taken the same way (`ConfigurationReloader+Settings`).
struct ConfigurationReloader: Service {
    /// The file, read again as the hub read it at start.
    let file: ConfigurationFile
    let bus: MessageBus
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
        configuration: ConfigurationSnapshot, file: ConfigurationFile, bus: MessageBus,
        registry: PluginRegistry, slots: [PluginID: PluginSlot],
        context: @escaping @Sendable (PluginID) -> PluginContext,
        speed: Double, notifier: SystemdNotifier, logger: Logger, signals: UnixSignalsSequence
    ) {
        initial = configuration
        self.file = file
        self.bus = bus
        self.registry = registry
        self.slots = slots
        self.context = context
        self.speed = speed
        self.notifier = notifier
        self.logger = logger
        self.signals = signals
    }

    /// What the service acts on, one at a time: a SIGHUP, or a front end's request.
    private enum Event: Sendable {
        case hangUp
        case settings(SettingsRequest)
    }

    func run() async throws {
        let events = bus.inbox(of: Event.self, subscriber: "configuration", capacity: 16) {
            $0.route(SettingsRequest.self) { .settings($0) }
        }
        let signals = signals
        await withGracefulShutdownHandler {
            await withDiscardingTaskGroup { group in
                group.addTask {
                    for await _ in signals.cancelOnGracefulShutdown() { events.post(.hangUp) }
                }
                await serve(events)
            }
        } onGracefulShutdown: {
            events.finish()
        }
    }

    /// Takes the events one at a time until the inbox ends, each with the configuration the last one left.
    private func serve(_ events: Inbox<Event>) async {
        var current = initial
        var failedLast = false
        for await event in events {
            switch event {
            case .hangUp:
                failedLast = await reloadOnSignal(current: &current, failedLast: failedLast)
            case .settings(let request):
                let changes = if case .change = request.action { true } else { false }
                if changes { notifier.notify("RELOADING=1") }
                let snapshot = current
                let (outcome, next) = await DedicatedThread.run(name: "settings") {
                    answer(request.action, current: snapshot)
                }
                current = next
                if changes, case .success = outcome, failedLast {
                    notifier.notify("READY=1\nSTATUS=configuration changed")
                    failedLast = false
                } else if changes {
                    notifier.notify("READY=1")
                }
                request.reply.answer(outcome)
            }
        }
    }

    /// Reloads the file on SIGHUP; returns whether that failed.
    private func reloadOnSignal(current: inout ConfigurationSnapshot, failedLast: Bool) async -> Bool {
        notifier.notify("RELOADING=1")
        // Reading the file and building the plugins may block: a plugin's check can wait for a library (the
        // voice coach's voice check waits behind any synthesis under way). That waits on a thread of its own,
        // never on one of the cooperative pool's few threads.
        let snapshot = current
        let reloaded = await DedicatedThread.run(name: "reload") { Result { try reload(from: snapshot) } }
        do {
            current = try reloaded.get()
            notifier.notify(failedLast ? "READY=1\nSTATUS=configuration reloaded" : "READY=1")
            return false
        } catch {
            logger.error(
                "configuration not reloaded; the hub goes on with the one it has", metadata: ["error": "\(error)"])
            notifier.notify("READY=1\nSTATUS=configuration not reloaded: \(error)")
            return true
        }
    }

    /// Reads and checks the file, then swaps the plugins whose table changed; returns the new snapshot.
    ///
    /// - Throws: the file's `ConfigurationError`, or `RealTimeRequired` for a plugin the sped-up hub cannot run;
    ///   nothing has changed then.
    func reload(from current: ConfigurationSnapshot) throws -> ConfigurationSnapshot {
        try apply(prepare(file.load()), from: current)
    }

    /// A configuration checked whole and its plugins built, ready to take its place.
    struct Prepared {
        let snapshot: ConfigurationSnapshot
        let built: [BuiltPlugin]
    }

    /// Checks `configuration` as a reload does, changing nothing.
    ///
    /// - Throws: a plugin's `ConfigurationError`, or `RealTimeRequired` for a plugin the sped-up hub cannot run.
    func prepare(_ configuration: HubConfiguration) throws -> Prepared {
        // Every plugin's init checks its table (as at start), so a bad table refuses the whole file.
        let built = try registry.build(configuration, context: context)
        if speed != 1, let plugin = built.first(where: { $0.capabilities.contains(.needsRealTime) }) {
            throw RealTimeRequired(plugin: plugin.id, speed: speed)
        }
        return Prepared(
            snapshot: ConfigurationSnapshot(configuration, enabled: try registry.enabledTables(in: configuration)),
            built: built)
    }

    /// Swaps the plugins whose table changed; returns the new snapshot.
    func apply(_ prepared: Prepared, from current: ConfigurationSnapshot) -> ConfigurationSnapshot {
        let next = prepared.snapshot
        let plan = ReloadPlan(from: current, to: next, order: registry.ids)
        let byID = Dictionary(uniqueKeysWithValues: prepared.built.map { ($0.id, $0) })
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
