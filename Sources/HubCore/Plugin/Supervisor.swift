import Logging
import ServiceLifecycle

/// Runs one plugin and applies its failure policy: restart with capped exponential backoff, ignore, or shut
/// the hub down. Every failure is logged and published as `PluginFailed`.
public struct Supervisor: Service {
    public let id: PluginID
    public let policy: FailurePolicy
    private let plugin: any Service
    private let bus: MessageBus
    private let clock: any HubClock
    private let logger: Logger

    public init(id: PluginID, plugin: any Service, policy: FailurePolicy, bus: MessageBus, clock: any HubClock, logger: Logger) {
        self.id = id
        self.plugin = plugin
        self.policy = policy
        self.bus = bus
        self.clock = clock
        self.logger = logger
    }

    public func run() async throws {
        var attempt = 0
        while !Task.isCancelled && !Task.isShuttingDownGracefully {
            let started = clock.instant
            do {
                try await plugin.run()
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
                    logger.warning("plugin failed; restarting", metadata: ["error": "\(reason)", "in": "\(delay ?? .zero)"])
                case .ignore:
                    logger.error("plugin failed; leaving it stopped (on-failure = \"ignore\")", metadata: ["error": "\(reason)"])
                    return
                case .shutdown:
                    logger.critical("plugin failed; shutting the hub down (on-failure = \"shutdown\")", metadata: ["error": "\(reason)"])
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
