import Logging
import ServiceLifecycle

/// Runs one plugin and applies its failure policy: restart with capped exponential backoff, ignore, or shut
/// the hub down. Every failure is logged and published as `PluginFailed`.
///
/// Every run gets an instance of its own from `make`: the first is the one built when the hub started; a restart
/// builds a fresh one. A run that failed was cancelled, and with it every bus stream it consumed; running the same
/// instance again would leave the plugin deaf.
public struct Supervisor: Service {
    public let id: PluginID
    public let policy: FailurePolicy
    private let make: @Sendable () throws -> any Service
    private let bus: MessageBus
    private let clock: any HubClock
    private let logger: Logger

    /// Supervises the plugin whose instances `make` builds, one per run.
    ///
    /// - Parameter make: called before every run, the first included; a throw counts as a failed run.
    public init(
        id: PluginID, policy: FailurePolicy, bus: MessageBus, clock: any HubClock, logger: Logger,
        make: @escaping @Sendable () throws -> any Service
    ) {
        self.id = id
        self.policy = policy
        self.make = make
        self.bus = bus
        self.clock = clock
        self.logger = logger
    }

    /// Supervises a plugin the registry built, with its id and policy.
    public init(_ plugin: BuiltPlugin, bus: MessageBus, clock: any HubClock, logger: Logger) {
        self.init(id: plugin.id, policy: plugin.policy, bus: bus, clock: clock, logger: logger, make: plugin.make)
    }

    public func run() async throws {
        var attempt = 0
        while !Task.isCancelled && !Task.isShuttingDownGracefully {
            let started = clock.instant
            do {
                try await make().run()
                return
            } catch is CancellationError {
                return
            } catch {
                if Task.isCancelled || Task.isShuttingDownGracefully { return }
                if case .restart(_, _, let resetAfter) = policy,
                    clock.instant - started >= resetAfter
                {
                    attempt = 0
                }
                let delay = policy.restartDelay(attempt: attempt)
                attempt += 1
                let reason = String(describing: error)
                bus.publish(PluginFailed(plugin: id, reason: reason, restartIn: delay))
                switch policy {
                case .restart:
                    logger.warning(
                        "plugin failed; restarting", metadata: ["error": "\(reason)", "in": "\(delay ?? .zero)"])
                case .ignore:
                    logger.error(
                        "plugin failed; leaving it stopped (on-failure = \"ignore\")", metadata: ["error": "\(reason)"])
                    return
                case .shutdown:
                    logger.critical(
                        "plugin failed; shutting the hub down (on-failure = \"shutdown\")",
                        metadata: ["error": "\(reason)"])
                    throw error
                }
                do {
                    try await cancelWhenGracefulShutdown {
                        try await clock.sleep(for: delay ?? .zero)
                    }
                } catch {
                    return
                }
            }
        }
    }
}
