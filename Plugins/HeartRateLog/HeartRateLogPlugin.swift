import Foundation
import HubCore
import ServiceLifecycle
import Synchronization

/// Continuous heart-rate monitoring (the profile's "HR monitoring" switch): while it is on, every second with
/// a heart-rate reading goes into the all-day log, whether or not a workout runs.
///
/// One reading per second (the first of the second, by its wall-clock label: the log is a calendar of the day),
/// written in batches `flushEvery` after the first unsaved one, so the disk is touched a few times a minute and an
/// idle hub without a strap never wakes up for it. Simulated readings never enter the log: it is the person's.
///
/// Only the first reading of a batch wakes the plugin (to set the batch's timer); the others wait in its inbox until
/// the timer's flush, so a 1 Hz strap costs it one wake-up per batch, not one a second. While monitoring is off,
/// readings do not reach it at all.
///
/// On by default: a hub whose file has no `[plugins.heart-rate-log]` table logs as it always did. On shutdown it
/// stops after the sensor plugins (it comes before them in the registry, and plugins stop in reverse order), so the
/// readings they sent up to their stop are still logged.
public struct HeartRateLogPlugin: Plugin {
    public static let id: PluginID = "heart-rate-log"
    public static let capabilities: PluginCapabilities = [.onByDefault]
    /// `[heart-rate-log]` was the core's table before the log became a plugin: a file that still keeps the log's
    /// days there must not quietly keep it for ever.
    public static let movedSettings = [
        MovedSetting(
            from: ["heart-rate-log"],
            problem: "the heart-rate log's settings moved to [plugins.heart-rate-log] (the log is a plugin now)",
            fix: "Rename [heart-rate-log] to [plugins.heart-rate-log] (keep-days stays as it is), or delete it "
                + "when the file has a [plugins.heart-rate-log] table already.")
    ]

    private let context: PluginContext
    private let flushEvery: Duration
    private let retention: Duration?
    private let inbox: Inbox<Event>
    private let gate = Gate()

    /// What the inbox's route needs to know, read inside `publish`.
    private final class Gate: Sendable {
        /// The profile's "HR monitoring" switch; on until the profile is read, so that no early reading is lost
        /// (the plugin checks again).
        let enabled = Atomic<Bool>(true)
        /// A reading has woken the plugin since its last flush: the batch's timer is set, the next ones can wait.
        let batchOpen = Atomic<Bool>(false)
    }

    public init(configuration: Configuration, context: PluginContext) {
        self.init(configuration: configuration, context: context, flushEvery: .seconds(10))
    }

    /// - Parameter flushEvery: how long readings wait before they are written (tests and benchmarks shorten it).
    public init(configuration: Configuration, context: PluginContext, flushEvery: Duration) {
        self.context = context
        self.retention = configuration.retention
        self.flushEvery = flushEvery
        let gate = gate
        inbox = context.bus.inbox(of: Event.self, subscriber: "heart-rate log", capacity: 4096) {
            $0.route(
                HeartRateMeasured.self,
                delivery: { reading in
                    guard gate.enabled.load(ordering: .relaxed), !reading.isSimulated else { return nil }
                    let waiting = gate.batchOpen.exchange(true, ordering: .acquiringAndReleasing)
                    return waiting ? .withNext(.reading(reading)) : .wake(.reading(reading))
                })
            $0.route(StoreChanged.self) { $0.section == .profile ? .profileChanged : nil }
        }
    }

    fileprivate enum Event: Sendable {
        case reading(HeartRateMeasured)
        case profileChanged
        case flush
        /// Graceful shutdown, behind every reading published before it: those are still logged.
        case shutdown
    }

    public func run() async throws {
        _ = try store  // a hub whose storage keeps no heart-rate log fails the run here, saying so
        let inbox = self.inbox
        let clock = context.clock, flushEvery = self.flushEvery
        let gate = gate
        var enabled = await isMonitoringOn()
        gate.enabled.store(enabled, ordering: .relaxed)
        var pending: [HeartRateSecond] = []
        var flushScheduled = false
        var lastPruned: HubInstant?
        var failing = false
        await withTaskGroup(of: Void.self) { group in
            if retention != nil {
                lastPruned = clock.instant
                await prune()
            }
            await withGracefulShutdownHandler {
                eventLoop: for await event in inbox {
                    switch event {
                    case .shutdown:
                        break eventLoop
                    case .reading(let reading):
                        // Any reading sets the batch's timer, also one left out below: the timer's flush lets the
                        // next reading wake the plugin again.
                        if !flushScheduled {
                            flushScheduled = true
                            group.addTask {
                                try? await clock.sleep(for: flushEvery)
                                inbox.post(.flush)
                            }
                        }
                        // The strap's plugin drops implausible values already; the log holds only a person's in
                        // any case, whoever published the reading.
                        guard enabled, !reading.isSimulated, reading.contact != .noContact,
                            HeartRateMeasured.isPlausible(beatsPerMinute: reading.beatsPerMinute)
                        else { continue }
                        let second = Int64(reading.timestamp.timeIntervalSince1970.rounded(.down))
                        // A wall clock stepped back repeats seconds already logged: the log keeps the first.
                        if let last = pending.last, last.second >= second { continue }
                        pending.append(
                            HeartRateSecond(
                                second: second, beatsPerMinute: UInt8(reading.beatsPerMinute),
                                rrIntervals1024: reading.rrIntervals1024.filter(
                                    HeartRateMeasured.isPlausible(rrInterval1024:))))
                    case .profileChanged:
                        enabled = await isMonitoringOn()
                        gate.enabled.store(enabled, ordering: .relaxed)
                    case .flush:
                        flushScheduled = false
                        // The next reading wakes the plugin again. (One that came between the timer and this line
                        // waits for it, or for the shutdown: it is late, never lost.)
                        gate.batchOpen.store(false, ordering: .releasing)
                        if await !flush(&pending, failing: &failing) {
                            flushScheduled = true  // try again after another interval; nothing is lost meanwhile
                            group.addTask {
                                try? await clock.sleep(for: flushEvery)
                                inbox.post(.flush)
                            }
                        }
                        if let last = lastPruned, clock.instant - last >= .seconds(86_400) {
                            lastPruned = clock.instant
                            await prune()
                        }
                    }
                }
            } onGracefulShutdown: {
                inbox.post(.shutdown)
            }
            if await !flush(&pending, failing: &failing) {
                context.logger.critical(
                    "the hub stops with heart-rate log it could not save",
                    metadata: ["seconds": "\(pending.count)"])
            }
            group.cancelAll()
        }
    }

    // MARK: - The store (the few calls the plugin makes of it)

    /// The store as the plugin sees it: the profile's switch, and the log's seconds written and deleted.
    private var store: any HeartRateLogBook & ProfileSource {
        get throws { try context.store((any HeartRateLogBook & ProfileSource).self) }
    }

    /// The profile's "HR monitoring" switch; off when there is no profile or it cannot be read.
    private func isMonitoringOn() async -> Bool {
        (try? await store.profile()?.heartRateMonitoring) ?? false
    }

    private func prune() async {
        guard let retention else { return }
        do {
            try await store.deleteHeartRate(before: context.clock.now.addingTimeInterval(-retention.seconds))
        } catch {
            context.logger.warning("cannot delete old heart-rate log", metadata: ["error": "\(error)"])
        }
    }

    /// Writes what is pending; on failure keeps it (up to a day) for the next try. The person is told once when
    /// saving stops working and once when it works again, not at every try.
    private func flush(_ pending: inout [HeartRateSecond], failing: inout Bool) async -> Bool {
        guard !pending.isEmpty else { return true }
        do {
            try await store.logHeartRate(pending)
            pending.removeAll(keepingCapacity: true)
            if failing {
                failing = false
                context.logger.notice("the heart-rate log is saved again")
            }
            return true
        } catch {
            if pending.count > 86_400 { pending.removeFirst(pending.count - 86_400) }
            guard !failing else { return false }
            failing = true
            let reason = StoreWriteFailure(error).reason
            context.logger.error(
                "cannot save the heart-rate log: \(reason); keeping it in memory and trying again every \(flushEvery)",
                metadata: ["error": "\(error)"])
            context.bus.publish(
                Announcement(
                    "Cannot save the heart-rate log: \(reason). It is kept and saved as soon as the disk can be "
                        + "written.", priority: .important))
            return false
        }
    }
}
