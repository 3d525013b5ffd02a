import Foundation
import Logging
import Records
import ServiceLifecycle
import Synchronization
import UnixSignals

/// The running hub: builds every enabled plugin, runs it under a supervisor next to the core services
/// (workout engine, store watcher), and shuts everything down gracefully on SIGINT, SIGTERM or a
/// `ShutdownCommand` on the bus.
///
/// A shutdown stops one service after another, in this order: the plugins that feed the hub (sensors, inputs, and
/// those that listen to them), in the reverse of the registry's order, so a plugin listed before the sensors (an
/// all-day log) stops after them and still keeps what they sent; then the workout engine, which finishes and saves a
/// workout under way and announces its summary, then the store watcher, and last the plugins that present to
/// the person (`PluginCapabilities.presentsToPerson`: the console), so the finished workout's summary reaches the
/// person. Each plugin gets `pluginStopTimeout` of real time to stop once asked, and one that presents to the
/// person `presenterStopTimeout` (it shows or says what was published before: the spoken summary takes seconds);
/// one that takes longer is cancelled.
///
/// ```swift
/// let hub = try Hub(configuration: configuration, registry: registry, store: store, clock: SystemClock(), logger: logger)
/// try await hub.run()
/// ```
public struct Hub: Sendable {
    public let bus: MessageBus
    public let plugins: [BuiltPlugin]
    private let engine: WorkoutEngine
    private let watcher: StoreWatcher
    private let context: PluginContext
    private let logger: Logger
    private let registry: PluginRegistry
    /// What the hub started with, to compare a reloaded file with.
    private let configuration: ConfigurationSnapshot
    /// Read again on SIGHUP and changed by the settings pages; nil: SIGHUP is not handled.
    private let reload: ConfigurationFile?

    /// How long a plugin may take to stop once asked, before it is cancelled, bounded so that a stuck plugin
    /// cannot hold the shutdown up.
    public let pluginStopTimeout: Duration
    /// The same for a plugin that presents to the person: time to show or say what was published before it was
    /// asked, such as the finished workout's spoken summary (up to about 10 s).
    public let presenterStopTimeout: Duration

    /// Builds the hub; every plugin's `init` runs here, so configuration errors surface before anything starts.
    ///
    /// - Parameter store: the engine's workout log and the store watcher's counters; every plugin's context carries it,
    ///   opaque, for the plugin to ask for its own view of it.
    /// - Parameter reload: the configuration file, read again when the hub gets SIGHUP (`systemctl reload`) and
    ///   changed by the front ends' `SettingsRequest`s; the plugins whose table changed are restarted (see
    ///   `ConfigurationReloader`). Nil leaves SIGHUP alone and answers no settings request.
    /// - Throws: `ConfigurationError` for a bad configuration; `RealTimeRequired` when `clock` runs faster than real
    ///   time and an enabled plugin needs real time.
    public init(
        configuration: HubConfiguration, registry: PluginRegistry, store: any HubStorage, clock: any HubClock,
        logger: Logger, bus: MessageBus = MessageBus(), pluginStopTimeout: Duration = .seconds(2),
        presenterStopTimeout: Duration = .seconds(20), reload: ConfigurationFile? = nil
    ) throws {
        self.bus = bus
        self.logger = logger
        self.registry = registry
        self.configuration = ConfigurationSnapshot(
            configuration, enabled: try registry.enabledTables(in: configuration))
        self.reload = reload
        self.pluginStopTimeout = pluginStopTimeout
        self.presenterStopTimeout = presenterStopTimeout
        context = PluginContext(
            bus: bus, storage: store, logger: logger, clock: clock, units: configuration.reports.units)
        // The engine subscribes before any plugin exists, so it sees their first messages.
        var engineLogger = logger
        engineLogger[metadataKey: "service"] = "workout"
        engine = WorkoutEngine(
            settings: configuration.workout,
            context: PluginContext(bus: bus, storage: store, logger: engineLogger, clock: clock))
        watcher = StoreWatcher(context: context)
        plugins = try registry.build(configuration) { id in
            var pluginLogger = logger
            pluginLogger[metadataKey: "plugin"] = "\(id)"
            return PluginContext(
                bus: bus, storage: store, logger: pluginLogger, clock: clock, units: configuration.reports.units)
        }
        if clock.speed != 1, let plugin = plugins.first(where: { $0.capabilities.contains(.needsRealTime) }) {
            throw RealTimeRequired(plugin: plugin.id, speed: clock.speed)
        }
    }

    /// Runs until a graceful shutdown is asked for or a plugin with `on-failure = "shutdown"` fails.
    public func run() async throws {
        let groupBox = GroupBox()
        // Trapped before any service starts: from READY=1 on, SIGHUP reloads.
        let hangUps = reload == nil ? nil : await UnixSignalsSequence(trapping: .sighup)
        var configuration = ServiceGroupConfiguration(
            services: services(shutdownGroup: groupBox, hangUps: hangUps), logger: logger)
        configuration.gracefulShutdownSignals = [.sigterm, .sigint]
        let group = ServiceGroup(configuration: configuration)
        groupBox.set(group)
        try await group.run()
    }

    /// The hub's services in start order. The group stops them in the reverse order, one after the other, so the
    /// list is written back to front: what must stop last comes first.
    ///
    /// - Parameter environment: where systemd's `NOTIFY_SOCKET` and `WATCHDOG_USEC` are read.
    /// - Parameter hangUps: SIGHUP, when the hub reloads its configuration on it: every known plugin then has a
    ///   place among the services, enabled or not, so that a reload can start it in its proper turn.
    func services(
        shutdownGroup: GroupBox = GroupBox(), environment: [String: String] = ProcessInfo.processInfo.environment,
        hangUps: UnixSignalsSequence? = nil
    ) -> [ServiceGroupConfiguration.ServiceConfiguration] {
        let bus = bus, clock = context.clock, logger = logger, registry = registry
        let pluginStopTimeout = pluginStopTimeout, presenterStopTimeout = presenterStopTimeout
        let ids = hangUps == nil ? plugins.map(\.id) : registry.ids
        let slots = ids.map { id in
            var pluginLogger = logger
            pluginLogger[metadataKey: "plugin"] = "\(id)"
            return PluginSlot(id: id, initial: plugins.first { $0.id == id }, logger: pluginLogger) {
                [pluginLogger] built in
                let supervisor = Supervisor(built, bus: bus, clock: clock, logger: pluginLogger)
                let presents = registry.capabilities(of: id).contains(.presentsToPerson)
                return SupervisedPlugin(
                    supervisor, stopTimeout: presents ? presenterStopTimeout : pluginStopTimeout, logger: pluginLogger)
            }
        }
        func service(_ slot: PluginSlot) -> ServiceGroupConfiguration.ServiceConfiguration {
            .init(
                service: slot, successTerminationBehavior: .ignore,
                failureTerminationBehavior: .gracefullyShutdownGroup, serviceName: "plugin \(slot.id)")
        }
        let presenters = slots.filter { registry.capabilities(of: $0.id).contains(.presentsToPerson) }
        let feeders = slots.filter { !registry.capabilities(of: $0.id).contains(.presentsToPerson) }
        var reloader: [ServiceGroupConfiguration.ServiceConfiguration] = []
        if let hangUps, let reload {
            let storage = context.storage, units = context.units
            let service = ConfigurationReloader(
                configuration: configuration, file: reload, bus: bus, registry: registry,
                slots: Dictionary(uniqueKeysWithValues: slots.map { ($0.id, $0) }),
                context: { id in
                    var pluginLogger = logger
                    pluginLogger[metadataKey: "plugin"] = "\(id)"
                    return PluginContext(bus: bus, storage: storage, logger: pluginLogger, clock: clock, units: units)
                }, speed: clock.speed, notifier: SystemdNotifier(environment: environment), logger: logger,
                signals: hangUps)
            reloader = [
                .init(service: service, successTerminationBehavior: .ignore, serviceName: "configuration reload")
            ]
        }
        return presenters.map(service)
            + [
                .init(
                    service: BusLossReporter(bus: bus, logger: logger), successTerminationBehavior: .ignore,
                    serviceName: "bus loss reporter"),
                .init(service: watcher, successTerminationBehavior: .ignore, serviceName: "store watcher"),
                .init(service: engine, serviceName: "workout engine"),
            ]
            + feeders.map(service) + reloader + systemdServices(shutdownGroup: shutdownGroup, environment: environment)
    }

    /// systemd's STATUS= line, the watchdog's pings, and the shutdown listener (READY=1, the probes' answers); the
    /// first to stop.
    private func systemdServices(
        shutdownGroup: GroupBox, environment: [String: String]
    ) -> [ServiceGroupConfiguration.ServiceConfiguration] {
        let notifier = SystemdNotifier(environment: environment)
        // systemd's deadlines are in real time, whatever the speed of the hub's clock.
        let realTime: any HubClock = context.clock.speed == 1 ? context.clock : SystemClock()
        let status = ServiceStatus(notifier: notifier, bus: bus, clock: realTime)
        let watchdog = Watchdog(
            settings: WatchdogSettings(environment: environment), notifier: notifier, bus: bus, clock: realTime,
            logger: logger)
        let listener = ShutdownListener(
            bus: bus, group: shutdownGroup, notifier: notifier, logger: logger, plugins: plugins.map(\.id))
        return [
            .init(service: status, successTerminationBehavior: .ignore, serviceName: "service status"),
            .init(service: watchdog, successTerminationBehavior: .ignore, serviceName: "watchdog"),
            .init(service: listener, successTerminationBehavior: .ignore, serviceName: "shutdown listener"),
        ]
    }
}

/// A supervised plugin as a service of the hub's group.
///
/// It stays in the group until the hub shuts down, also when the plugin's work is done or it was left stopped after
/// a failure: a service that returns while the group shuts down in order counts as having "finished unexpectedly"
/// and turns a clean stop into an error. Once asked to stop, the plugin gets `stopTimeout` of real time (a
/// sped-up hub clock must not shorten it) to finish what it is doing, and is then cancelled.
struct SupervisedPlugin: Service {
    let supervisor: Supervisor
    let stopTimeout: Duration
    let logger: Logger

    init(_ supervisor: Supervisor, stopTimeout: Duration, logger: Logger) {
        self.supervisor = supervisor
        self.stopTimeout = stopTimeout
        self.logger = logger
    }

    func run() async throws {
        let supervisor = supervisor, stopTimeout = stopTimeout, logger = logger
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await supervisor.run() }
            group.addTask {
                try await gracefulShutdown()
                try await Task.sleep(for: stopTimeout)
                logger.warning("plugin did not stop in time; cancelling it", metadata: ["after": "\(stopTimeout)"])
            }
            // Whichever ends first: the plugin (the deadline is then moot), or the deadline (the plugin is cancelled).
            defer { group.cancelAll() }
            try await group.next()
        }
        try? await gracefulShutdown()
    }
}

/// Lets the shutdown listener reach the group it runs in.
final class GroupBox: Sendable {
    private let group = Mutex<ServiceGroup?>(nil)
    func set(_ group: ServiceGroup) { self.group.withLock { $0 = group } }
    func get() -> ServiceGroup? { group.withLock { $0 } }
}

/// Announces readiness (bus, log, systemd), turns a `ShutdownCommand` into a graceful shutdown, and answers the
/// watchdog's probes: it is the hub's own event loop, so an answer shows that the loop runs and the bus delivers.
private struct ShutdownListener: Service {
    private enum Event: Sendable {
        case shutdown(reason: String)
        case probe(UInt64)
        case stop
    }

    let bus: MessageBus
    let group: GroupBox
    let notifier: SystemdNotifier
    let logger: Logger
    let plugins: [PluginID]
    private let inbox: Inbox<Event>

    init(bus: MessageBus, group: GroupBox, notifier: SystemdNotifier, logger: Logger, plugins: [PluginID]) {
        self.bus = bus
        self.group = group
        self.notifier = notifier
        self.logger = logger
        self.plugins = plugins
        inbox = bus.inbox(of: Event.self, subscriber: "hub", capacity: 16) {
            $0.route(ShutdownCommand.self) { .shutdown(reason: $0.reason) }
            $0.route(WatchdogProbe.self) { .probe($0.token) }
        }
    }

    func run() async throws {
        let notifier = notifier, inbox = inbox
        logger.info("ready", metadata: ["plugins": "\(plugins.map(\.rawValue).joined(separator: ","))"])
        // systemd first: ServiceStatus answers HubReady with STATUS= on a thread of its own, and READY=1 must not
        // come after it.
        notifier.notify("READY=1")
        bus.publish(HubReady(plugins: plugins))
        await withGracefulShutdownHandler {
            loop: for await event in inbox {
                switch event {
                case .probe(let token):
                    bus.publish(WatchdogProbeAnswered(token: token))
                case .shutdown(let reason):
                    logger.info("shutting down", metadata: ["reason": "\(reason)"])
                    await group.get()?.triggerGracefulShutdown()
                    break loop
                case .stop:
                    break loop
                }
            }
            // Stay until the group tells this service to stop: a service that returns while the group shuts
            // down in order counts as having "finished unexpectedly".
            try? await gracefulShutdown()
        } onGracefulShutdown: {
            // Whatever started the shutdown (quit, SIGTERM, Ctrl-C), systemd hears of it.
            notifier.notify("STOPPING=1")
            inbox.post(.stop)
        }
    }
}
