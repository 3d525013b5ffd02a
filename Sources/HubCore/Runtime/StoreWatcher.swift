import Foundation
import Records
import ServiceLifecycle

#if canImport(Glibc)
    import Glibc
#endif

/// Notices changes that another process (the `stayfit` CLI) made to the store, and publishes `StoreChanged`.
///
/// inotify on the data directory says when another process has written the database: every `HubStore` but the
/// hub's own writes the change marker (`HubStore.changeMarkerName`) after each write. The watcher then waits
/// `settle` for a burst of writes to end, reads the tiny table of per-section version numbers that triggers bump,
/// and publishes a `StoreChanged` for each section whose number moved. An idle hub is never woken: no timer, no
/// polling. A CLI change reaches the hub within about `settle` (the README promises 2 s).
///
/// The hub's own writes (every second of a workout, every 17 ms in a simulation at 60×) do not touch the marker,
/// so they never bring a look: inotify cannot tell who wrote the database's own files, which is why the watcher
/// waits for the marker rather than for them. Looks are still at least `spacing` apart, for a script that writes
/// in a loop.
///
/// There is no safety poll, because inotify misses nothing here: the kernel reports every close of the marker
/// after writing, and a full event queue is reported too (`IN_Q_OVERFLOW`) and is answered with a look. What inotify cannot see — a writer on
/// another machine over a network file system — SQLite does not support in WAL mode anyway. If inotify is
/// unavailable (the per-user limit of instances or watches is reached) or the watch ends (the directory is
/// deleted or moved), the watcher says so in the log and falls back to polling every second.
public struct StoreWatcher: Service {
    private let context: PluginContext
    private let settle: Duration
    private let spacing: Duration
    private let watching: @Sendable () -> Void

    /// - Parameters:
    ///   - settle: how long to let a burst of writes go on before looking; also the extra delay before a change
    ///     is seen. Real time, not hub time.
    ///   - spacing: the shortest time between two looks. Real time.
    public init(context: PluginContext, settle: Duration = .milliseconds(100), spacing: Duration = .seconds(1)) {
        self.init(context: context, settle: settle, spacing: spacing, watching: {})
    }

    /// For tests: `watching` runs once the watch is in place and the versions to compare with are read, so
    /// that any change made after it is published.
    init(context: PluginContext, settle: Duration, spacing: Duration, watching: @escaping @Sendable () -> Void) {
        self.context = context
        self.settle = settle
        self.spacing = spacing
        self.watching = watching
    }

    public func run() async throws {
        let changes = try context.store((any StoreChanges).self)
        let path = changes.path
        let directory = (path as NSString).deletingLastPathComponent
        let watch: DirectoryWatch
        do {
            // The marker is opened and closed after each write; the database files the hub writes itself stay
            // open, so their writes do not even wake the watch's thread.
            watch = try DirectoryWatch(directory: directory, events: .closedAfterWriting, threadName: "store-watch")
        } catch {
            context.logger.warning(
                "cannot watch the store for changes by other processes; looking every second instead",
                metadata: ["reason": "\(error)"])
            var known = await (try? changes.changeVersions()) ?? [:]
            watching()
            await pollEverySecond(&known, in: changes)
            return
        }
        defer { watch.stop() }
        // Read after the watch is in place: a change from now on is either in `known` or reported by inotify.
        var known = await (try? changes.changeVersions()) ?? [:]
        watching()

        let marker = changes.changeMarkerFileName
        let (looks, look) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let watchEnded = await withTaskGroup(of: Void.self) { group in
            group.addTask {
                // A trivial consumer, so inotify's batches are never dropped; were one dropped, the batches
                // after it would still bring a look, which sees every change made before it.
                batches: for await batch in watch.batches {
                    for event in InotifyEvent.parse(batch) {
                        if event.mask & UInt32(IN_IGNORED) != 0 { break batches }
                        if event.mask & UInt32(IN_Q_OVERFLOW) != 0 || event.name == marker { look.yield() }
                    }
                }
                look.finish()
            }
            // Writes that come while the watcher waits or looks leave one element behind, hence one more look.
            let clock = ContinuousClock()
            var lastLook = clock.now - spacing
            for await _ in looks.cancelOnGracefulShutdown() {
                try? await clock.sleep(until: max(clock.now + settle, lastLook + spacing))
                lastLook = clock.now
                await check(&known, in: changes)
            }
            group.cancelAll()
            return !Task.isCancelled && !Task.isShuttingDownGracefully
        }
        guard watchEnded else { return }
        context.logger.warning(
            "the data directory is no longer watched (deleted or moved?); looking every second instead",
            metadata: ["directory": "\(directory)"])
        await pollEverySecond(&known, in: changes)
    }

    /// The fallback when inotify cannot help: one look a second until shutdown.
    private func pollEverySecond(_ known: inout [StoreSection: Int64], in changes: any StoreChanges) async {
        // Real time, not hub time: an accelerated simulation must not poll the disk 60 times a second.
        while !Task.isCancelled && !Task.isShuttingDownGracefully {
            do {
                try await cancelWhenGracefulShutdown { try await Task.sleep(for: .seconds(1)) }
            } catch {
                return
            }
            await check(&known, in: changes)
        }
    }

    /// Publishes `StoreChanged` for each section whose version moved since `known`, and updates `known`.
    private func check(_ known: inout [StoreSection: Int64], in changes: any StoreChanges) async {
        do {
            let versions = try await changes.changeVersions()
            // Sorted by name: a fixed order for the log, whichever sections the store has.
            for section in versions.keys.sorted(by: { $0.rawValue < $1.rawValue })
            where versions[section] != known[section] {
                context.logger.info("store changed by another process", metadata: ["section": "\(section)"])
                context.bus.publish(StoreChanged(section: section))
            }
            known = versions
        } catch {
            context.logger.warning("cannot read the store's change counters", metadata: ["error": "\(error)"])
        }
    }
}
