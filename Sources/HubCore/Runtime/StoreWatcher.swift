import Foundation
import HubStore
import ServiceLifecycle

#if canImport(Glibc)
    import Glibc
#endif

/// Notices changes that another process (the `stayfit` CLI) made to the store, and publishes `StoreChanged`.
///
/// inotify on the data directory says when a file of the database is written (`stayfit.sqlite`, its `-wal`
/// or `-journal`); the watcher then waits `settle` for the burst of writes one transaction makes to end, reads
/// the tiny table of per-section version numbers that triggers bump, and publishes a `StoreChanged` for each
/// section whose number moved. An idle hub is never woken: no timer, no polling. A CLI change reaches an idle
/// hub within about `settle` (the README promises 2 s).
///
/// The hub's own writes are seen too (inotify does not say who wrote), and during a workout the recorder writes
/// every second — every 17 ms in a simulation at 60×. So looks are at least `spacing` apart: while writes keep
/// coming, the watcher looks once a second, as often as the poll it replaced, and a CLI change made then is seen
/// within `spacing` + `settle`.
///
/// There is no safety poll, because inotify misses nothing here: every process on this machine writes the
/// database with `write(2)` (SQLite writes the WAL that way; only the `-shm` index is memory-mapped, and
/// the `-wal` write that commits comes before it), and the kernel reports every such write. A full event
/// queue is reported too (`IN_Q_OVERFLOW`) and is answered with a look. What inotify cannot see — a writer on
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
        let path = context.store.path
        let directory = (path as NSString).deletingLastPathComponent
        let watch: DirectoryWatch
        do {
            watch = try DirectoryWatch(directory: directory, threadName: "store-watch")
        } catch {
            context.logger.warning(
                "cannot watch the store for changes by other processes; looking every second instead",
                metadata: ["reason": "\(error)"])
            var known = await (try? context.store.changeVersions()) ?? [:]
            watching()
            await pollEverySecond(&known)
            return
        }
        defer { watch.stop() }
        // Read after the watch is in place: a change from now on is either in `known` or reported by inotify.
        var known = await (try? context.store.changeVersions()) ?? [:]
        watching()

        let database = (path as NSString).lastPathComponent
        let files: Set<String> = [database, database + "-wal", database + "-journal"]
        let (looks, look) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let watchEnded = await withTaskGroup(of: Void.self) { group in
            group.addTask {
                // A trivial consumer, so inotify's batches are never dropped; were one dropped, the batches
                // after it would still bring a look, which sees every change made before it.
                batches: for await batch in watch.batches {
                    for event in InotifyEvent.parse(batch) {
                        if event.mask & UInt32(IN_IGNORED) != 0 { break batches }
                        if event.mask & UInt32(IN_Q_OVERFLOW) != 0 || files.contains(event.name) { look.yield() }
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
                await check(&known)
            }
            group.cancelAll()
            return !Task.isCancelled && !Task.isShuttingDownGracefully
        }
        guard watchEnded else { return }
        context.logger.warning(
            "the data directory is no longer watched (deleted or moved?); looking every second instead",
            metadata: ["directory": "\(directory)"])
        await pollEverySecond(&known)
    }

    /// The fallback when inotify cannot help: one look a second until shutdown.
    private func pollEverySecond(_ known: inout [StoreSection: Int64]) async {
        // Real time, not hub time: an accelerated simulation must not poll the disk 60 times a second.
        while !Task.isCancelled && !Task.isShuttingDownGracefully {
            do {
                try await cancelWhenGracefulShutdown { try await Task.sleep(for: .seconds(1)) }
            } catch {
                return
            }
            await check(&known)
        }
    }

    /// Publishes `StoreChanged` for each section whose version moved since `known`, and updates `known`.
    private func check(_ known: inout [StoreSection: Int64]) async {
        do {
            let versions = try await context.store.changeVersions()
            for section in StoreSection.allCases where versions[section] != known[section] {
                context.logger.info("store changed by another process", metadata: ["section": "\(section)"])
                context.bus.publish(StoreChanged(section: section))
            }
            known = versions
        } catch {
            context.logger.warning("cannot read the store's change counters", metadata: ["error": "\(error)"])
        }
    }
}
