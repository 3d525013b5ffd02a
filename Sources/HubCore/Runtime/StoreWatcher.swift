import HubStore
import ServiceLifecycle

/// Notices changes that another process (the `stayfit` CLI) made to the store, and publishes `StoreChanged`.
///
/// Polls a tiny table of per-section version numbers that triggers bump, so the running hub sees a new
/// profile or goal within `interval` (1 s by default) without scanning anything.
public struct StoreWatcher: Service {
    private let context: PluginContext
    private let interval: Duration

    public init(context: PluginContext, interval: Duration = .seconds(1)) {
        self.context = context
        self.interval = interval
    }

    public func run() async throws {
        var known = (try? await context.store.changeVersions()) ?? [:]
        // Real time, not hub time: an accelerated simulation must not poll the disk 60 times a second.
        while !Task.isCancelled && !Task.isShuttingDownGracefully {
            do {
                try await cancelWhenGracefulShutdown { try await Task.sleep(for: interval) }
            } catch {
                return
            }
            do {
                let versions = try await context.store.changeVersions()
                for section in StoreSection.allCases where versions[section] != known[section] {
                    context.logger.info("store changed by another process", metadata: ["section": "\(section)"])
                    context.bus.publish(StoreChanged(section: section))
                }
                known = versions
            } catch {
                context.logger.warning("cannot poll the store for changes", metadata: ["error": "\(error)"])
            }
        }
    }
}
