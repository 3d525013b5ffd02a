import Logging
import ServiceLifecycle

/// One plugin's place among the hub's services: it runs the plugin under its supervisor, and on a configuration
/// reload swaps it for one built from the new table (or for none, when the table is gone), while the hub's other
/// services, and a workout under way, go on.
///
/// The place is in the hub's group from start to shutdown, enabled or not, so that a plugin enabled by a reload
/// still stops in its proper turn (sensors before the engine, front ends after it).
struct PluginSlot: Service {
    let id: PluginID
    private let initial: BuiltPlugin?
    private let supervise: @Sendable (BuiltPlugin) -> SupervisedPlugin
    private let logger: Logger
    private let events: AsyncStream<Event>
    private let sink: AsyncStream<Event>.Continuation

    fileprivate enum Event: Sendable {
        case replace(BuiltPlugin?)
        case failed(any Error)
        case shutdown
    }

    /// - Parameters:
    ///   - initial: the plugin built at start-up, or nil when it is not enabled.
    ///   - supervise: wraps a built plugin in its supervisor, for each run of the slot.
    init(
        id: PluginID, initial: BuiltPlugin?, logger: Logger,
        supervise: @escaping @Sendable (BuiltPlugin) -> SupervisedPlugin
    ) {
        self.id = id
        self.initial = initial
        self.supervise = supervise
        self.logger = logger
        (events, sink) = AsyncStream.makeStream(of: Event.self)
    }

    /// Stops what runs in the slot (cancelling it, as a failed run is) and runs `plugin` instead; nil leaves the
    /// slot empty. Never blocks.
    func replace(with plugin: BuiltPlugin?) { sink.yield(.replace(plugin)) }

    func run() async throws {
        var iterator = events.makeAsyncIterator()
        var current = initial
        try await withGracefulShutdownHandler {
            while true {
                guard let next = try await runUntilReplaced(current, events: &iterator) else { break }
                current = next.plugin
                if current != nil {
                    logger.notice(
                        next.wasRunning
                            ? "plugin restarted with its new configuration"
                            : "plugin started: the reloaded configuration enables it")
                } else if next.wasRunning {
                    logger.notice("plugin stopped: the reloaded configuration has no table for it")
                }
            }
        } onGracefulShutdown: { [sink] in
            sink.yield(.shutdown)
        }
    }

    /// Runs `plugin` until a replacement comes (returned) or the hub shuts down (nil; the plugin then stops in its
    /// own time, as `SupervisedPlugin` allows).
    private func runUntilReplaced(
        _ plugin: BuiltPlugin?, events: inout AsyncStream<Event>.Iterator
    ) async throws -> (plugin: BuiltPlugin?, wasRunning: Bool)? {
        try await withThrowingTaskGroup(of: Void.self) { group in
            if let plugin {
                let supervised = supervise(plugin)
                group.addTask { [sink] in
                    do {
                        try await supervised.run()
                    } catch {
                        // `on-failure = "shutdown"`: the slot fails, and with it the hub. A run cancelled for its
                        // replacement may end with a CancellationError of its own: that is no failure.
                        if !Task.isCancelled, !(error is CancellationError) { sink.yield(.failed(error)) }
                    }
                }
            }
            while let event = await events.next() {
                switch event {
                case .replace(let next):
                    // A restart is a cancellation, as after a failure: the plugin's streams end with its run.
                    group.cancelAll()
                    return (next, plugin != nil)
                case .failed(let error):
                    throw error
                case .shutdown:
                    return nil
                }
            }
            return nil
        }
    }
}
