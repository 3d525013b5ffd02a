import HubStore
import Logging

/// Writes a workout's seconds to the store as they happen, and keeps them in memory while it cannot.
///
/// A full disk or a locked database must not lose a workout: unsaved seconds wait here (up to a day of them)
/// and go out with the next successful write. The person is told once when saving stops and once when it
/// works again.
struct WorkoutRecorder {
    /// A day of 1 Hz samples; beyond that the oldest unsaved seconds are dropped (and counted).
    static let maximumPending = 86_400

    private(set) var pending: [WorkoutSample] = []
    private(set) var droppedSamples = 0
    private var failing = false
    let store: HubStore
    let bus: MessageBus
    let logger: Logger

    init(store: HubStore, bus: MessageBus, logger: Logger) {
        self.store = store
        self.bus = bus
        self.logger = logger
    }

    /// Queues `sample` and tries to write everything queued along with `totals`.
    mutating func record(_ sample: WorkoutSample, totals: WorkoutTotals, of workout: WorkoutID) {
        pending.append(sample)
        if pending.count > Self.maximumPending {
            pending.removeFirst(pending.count - Self.maximumPending)
            droppedSamples += 1
        }
        flush(totals: totals, of: workout)
    }

    /// Tries to write the queued seconds; returns whether everything is stored.
    @discardableResult
    mutating func flush(totals: WorkoutTotals, of workout: WorkoutID) -> Bool {
        do {
            try store.recordSamples(pending, totals: totals, of: workout)
            if failing {
                logger.notice("saving works again", metadata: ["seconds": "\(pending.count)"])
                bus.publish(Announcement("Workout data is being saved again.", priority: .important))
                failing = false
            }
            pending.removeAll(keepingCapacity: true)
            return true
        } catch {
            if !failing {
                logger.error("cannot save the workout; keeping it in memory", metadata: ["error": "\(error)"])
                bus.publish(Announcement("Cannot save the workout: \(error)", priority: .urgent))
                failing = true
            }
            return false
        }
    }

    /// Runs a store operation that belongs to the workout's history (pause, lap, finish), reporting failure.
    func perform(_ what: String, _ operation: () throws -> Void) {
        do { try operation() } catch {
            logger.error("cannot save \(what)", metadata: ["error": "\(error)"])
            bus.publish(Announcement("Cannot save \(what): \(error)", priority: .urgent))
        }
    }
}
