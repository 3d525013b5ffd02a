import HubStore
import Logging
import ServiceLifecycle
import Synchronization

/// The running hub: builds every enabled plugin, runs it under a supervisor next to the core services
/// (workout engine, store watcher), and shuts everything down gracefully on SIGINT, SIGTERM or a
/// `ShutdownCommand` on the bus.
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
    private let heartRateLogger: HeartRateLogger
    private let context: PluginContext
    private let logger: Logger

    /// Builds the hub; every plugin's `init` runs here, so configuration errors surface before anything starts.
    public init(
        configuration: HubConfiguration, registry: PluginRegistry, store: HubStore, clock: any HubClock,
        logger: Logger, bus: MessageBus = MessageBus()
    ) throws {
        self.bus = bus
        self.logger = logger
        context = PluginContext(bus: bus, store: store, logger: logger, clock: clock)
        // The engine subscribes before any plugin exists, so it sees their first messages.
        var engineLogger = logger
        engineLogger[metadataKey: "service"] = "workout"
        engine = WorkoutEngine(
            settings: configuration.workout,
            context: PluginContext(bus: bus, store: store, logger: engineLogger, clock: clock))
        watcher = StoreWatcher(context: context)
        heartRateLogger = HeartRateLogger(context: context, retention: configuration.heartRateLogRetention)
        plugins = try registry.build(configuration) { id in
            var pluginLogger = logger
            pluginLogger[metadataKey: "plugin"] = "\(id)"
            return PluginContext(bus: bus, store: store, logger: pluginLogger, clock: clock)
        }
    }

    /// Runs until a graceful shutdown is asked for or a plugin with `on-failure = "shutdown"` fails.
    public func run() async throws {
        let groupBox = GroupBox()
        var services: [ServiceGroupConfiguration.ServiceConfiguration] = [
            .init(service: engine, serviceName: "workout engine"),
            .init(service: watcher, successTerminationBehavior: .ignore, serviceName: "store watcher"),
            .init(service: heartRateLogger, serviceName: "heart-rate log"),
            .init(
                service: BusLossReporter(bus: bus, logger: logger), successTerminationBehavior: .ignore,
                serviceName: "bus loss reporter"),
        ]
        for built in plugins {
            var pluginLogger = logger
            pluginLogger[metadataKey: "plugin"] = "\(built.id)"
            let supervisor = Supervisor(
                id: built.id, plugin: built.plugin, policy: built.policy, bus: bus, clock: context.clock,
                logger: pluginLogger)
            services.append(
                .init(
                    service: StayUntilShutdown(supervisor), successTerminationBehavior: .ignore,
                    failureTerminationBehavior: .gracefullyShutdownGroup, serviceName: "plugin \(built.id)"))
        }
        services.append(
            .init(
                service: ShutdownListener(bus: bus, group: groupBox, logger: logger, plugins: plugins.map(\.id)),
                successTerminationBehavior: .ignore, serviceName: "shutdown listener"))
        var configuration = ServiceGroupConfiguration(services: services, logger: logger)
        configuration.gracefulShutdownSignals = [.sigterm, .sigint]
        let group = ServiceGroup(configuration: configuration)
        groupBox.set(group)
        try await group.run()
    }
}

/// Keeps a finished service (a plugin whose work is done, or one left stopped after a failure) in the group
/// until the hub shuts down: a service that returns while the group shuts down in order counts as having
/// "finished unexpectedly" and turns a clean stop into an error.
private struct StayUntilShutdown: Service {
    let service: any Service

    init(_ service: any Service) { self.service = service }

    func run() async throws {
        try await service.run()
        try? await gracefulShutdown()
    }
}

/// Lets the shutdown listener reach the group it runs in.
private final class GroupBox: Sendable {
    private let group = Mutex<ServiceGroup?>(nil)
    func set(_ group: ServiceGroup) { self.group.withLock { $0 = group } }
    func get() -> ServiceGroup? { group.withLock { $0 } }
}

/// Announces readiness (bus, log, systemd) and turns a `ShutdownCommand` into a graceful shutdown.
private struct ShutdownListener: Service {
    let bus: MessageBus
    let group: GroupBox
    let logger: Logger
    let plugins: [PluginID]
    private let commands: AsyncStream<ShutdownCommand>

    init(bus: MessageBus, group: GroupBox, logger: Logger, plugins: [PluginID]) {
        self.bus = bus
        self.group = group
        self.logger = logger
        self.plugins = plugins
        commands = bus.messages(of: ShutdownCommand.self, subscriber: "hub")
    }

    func run() async throws {
        let notifier = SystemdNotifier()
        logger.info("ready", metadata: ["plugins": "\(plugins.map(\.rawValue).joined(separator: ","))"])
        bus.publish(HubReady(plugins: plugins))
        notifier.notify("READY=1\nSTATUS=Ready")
        await withGracefulShutdownHandler {
            for await command in commands.cancelOnGracefulShutdown() {
                logger.info("shutting down", metadata: ["reason": "\(command.reason)"])
                await group.get()?.triggerGracefulShutdown()
                break
            }
            // Stay until the group tells this service to stop: a service that returns while the group shuts
            // down in order counts as having "finished unexpectedly".
            try? await gracefulShutdown()
        } onGracefulShutdown: {
            // Whatever started the shutdown (quit, SIGTERM, Ctrl-C), systemd hears of it.
            notifier.notify("STOPPING=1")
        }
    }
}
