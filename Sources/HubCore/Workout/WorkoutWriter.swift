import Foundation
import Logging
import Records
import Synchronization

/// Writes workouts' history to the store in the order it happened, without ever holding up the engine, and keeps it
/// in memory while it cannot.
///
/// The engine hands every change (seconds, pauses, laps, the finish) to ``send(_:)`` and goes on at once: a locked
/// database, a `stayfit reset` or a slow SD card never holds up a button press or a second. On a clock at real speed a
/// second's samples are written right there, in the engine's own wake-up, when the store can take them without waiting
/// (``WorkoutLog/recordSamplesAtOnce(_:totals:of:seenAt:)``): the second is then stored before the engine sleeps again,
/// and the writer's thread is not woken for it. Everything else, and a second the store declines (another process holds
/// the database), goes to ``run()`` on the log's writer thread, which may wait; once something is queued there, later
/// seconds queue behind it until it is all written, so the order stays what happened. Each operation names its workout,
/// so seconds still queued when workout A ends are written under A, never under the next one. A full disk or a locked
/// database loses nothing: operations wait here (up to a day of seconds) and go out, in order, as soon as a write works
/// again, retried every `retryEvery`. The person is told once when saving stops and once when it works again.
struct WorkoutWriter: Sendable {
    /// One change to a workout's stored history.
    enum Operation: Sendable, Equatable {
        /// Seconds of moving time with the workout's totals after them.
        case seconds(WorkoutID, [WorkoutSample], WorkoutTotals, seenAt: BootTime?)
        case pauseBegan(WorkoutID, at: Date, seenAt: BootTime?)
        case pauseEnded(WorkoutID, at: Date)
        /// A pause that already ended: the time the hub was down before it resumed the workout.
        case pause(WorkoutID, from: Date, to: Date)
        case lap(WorkoutID, WorkoutLap)
        case simulated(WorkoutID)
        case resumed(WorkoutID)
        case finished(WorkoutID, at: Date, WorkoutTotals, recovery: WorkoutRecovery?)
        /// Publishes `WorkoutStored(token)` once everything before it is stored.
        case report(token: UInt64)

        /// The workout the operation changes; nil for a report.
        var workout: WorkoutID? {
            switch self {
            case .seconds(let id, _, _, _), .pauseBegan(let id, _, _), .pauseEnded(let id, _), .pause(let id, _, _),
                .lap(let id, _), .simulated(let id), .resumed(let id), .finished(let id, _, _, _):
                id
            case .report: nil
            }
        }

        /// What the person is told could not be saved.
        var what: String {
            switch self {
            case .seconds: "the workout"
            case .pauseBegan: "the pause"
            case .pauseEnded: "the end of the pause"
            case .pause: "the time the hub was away"
            case .lap: "the lap"
            case .simulated, .resumed: "the workout's details"
            case .finished: "the finished workout"
            case .report: "the report"
            }
        }
    }

    /// A day of 1 Hz seconds; beyond that the oldest unsaved seconds are dropped (and counted).
    static let dayOfSeconds = 86_400

    /// Operations, retries and the end of input, in one stream: one wake-up per operation, not a relay's two.
    private let events: AsyncStream<Event>
    private let continuation: AsyncStream<Event>.Continuation
    private let store: any WorkoutLog
    private let bus: MessageBus
    private let logger: Logger
    private let retryEvery: Duration
    private let drainFor: Duration
    private let maximumPendingSeconds: Int
    /// Operations sent to ``run()`` and not yet stored: while there are any, a second goes behind them.
    private let backlog = Backlog()
    private let writesSecondsAtOnce: Bool

    /// - Parameters:
    ///   - retryEvery: real time between attempts while writes fail.
    ///   - drainFor: at shutdown, how long (real time) to keep trying to write what is still queued.
    ///   - maximumPendingSeconds: unsaved seconds kept in memory before the oldest are dropped.
    ///   - writesSecondsAtOnce: try each second's samples at once in ``send(_:)``; false sends them all to
    ///     ``run()``.
    init(
        store: any WorkoutLog, bus: MessageBus, logger: Logger, retryEvery: Duration = .seconds(2),
        drainFor: Duration = .seconds(10), maximumPendingSeconds: Int = dayOfSeconds, writesSecondsAtOnce: Bool = true
    ) {
        (events, continuation) = AsyncStream.makeStream(of: Event.self)
        self.store = store
        self.bus = bus
        self.logger = logger
        self.retryEvery = retryEvery
        self.drainFor = drainFor
        self.maximumPendingSeconds = maximumPendingSeconds
        self.writesSecondsAtOnce = writesSecondsAtOnce
    }

    /// Writes a second's samples at once if the store can take them without waiting and nothing is queued before
    /// them; otherwise queues `operation`. Never waits for a lock or for the writer, never suspends; called by one
    /// task at a time (the engine).
    func send(_ operation: Operation) {
        if writesSecondsAtOnce, backlog.isEmpty, case .seconds(let id, let samples, let totals, let boot) = operation,
            store.recordSamplesAtOnce(samples, totals: totals, of: id, seenAt: boot)
        {
            return
        }
        backlog.add()
        continuation.yield(.operation(operation))
    }

    /// No more operations: ``run()`` writes what is queued (for at most `drainFor`) and returns.
    func finish() {
        continuation.yield(.inputEnded)
        continuation.finish()
    }

    private enum Event: Sendable {
        case operation(Operation)
        case retry
        case inputEnded
    }

    /// Writes operations as they come until ``finish()``; then drains what is left.
    func run() async {
        let events = events, sink = continuation
        var queue = Queue(limit: maximumPendingSeconds)
        /// Operations taken from the stream since the queue was last empty.
        var received = 0
        var failing = false
        var retryScheduled = false
        await withTaskGroup(of: Void.self) { group in
            loop: for await event in events {
                switch event {
                case .operation(let operation):
                    let droppedBefore = queue.droppedSeconds
                    queue.append(operation)
                    received += 1
                    if queue.droppedSeconds > droppedBefore {
                        logger.error(
                            "unsaved seconds dropped: more than a day waits for the database",
                            metadata: [
                                "dropped": "\(queue.droppedSeconds - droppedBefore)",
                                "inAll": "\(queue.droppedSeconds)",
                            ])
                    }
                case .retry:
                    retryScheduled = false
                case .inputEnded:
                    break loop
                }
                let failure = await queue.write(to: store, bus: bus)
                report(failure, failing: &failing, pending: queue.pendingSeconds)
                if failure == nil {
                    // All of them stored (or, beyond a day, dropped): seconds may be written at once again.
                    backlog.remove(received)
                    received = 0
                }
                if failure != nil, !retryScheduled {
                    retryScheduled = true
                    group.addTask { [retryEvery] in
                        try? await Task.sleep(for: retryEvery)
                        sink.yield(.retry)
                    }
                }
            }
            sink.finish()
            group.cancelAll()
        }
        await drain(&queue, failing: &failing)
    }

    /// At shutdown: keeps trying (bounded in time) so that a briefly locked database does not lose the finish.
    /// A full or read-only disk does not clear up while the hub stops: after one more try the hub says what it could
    /// not save instead of waiting. A cancelled task can write nothing more (GRDB refuses), so cancellation ends it
    /// at once.
    private func drain(_ queue: inout Queue, failing: inout Bool) async {
        let deadline = ContinuousClock.now + drainFor
        var lastFailure: StoreWriteFailure?
        while !queue.isEmpty, !Task.isCancelled {
            let failure = await queue.write(to: store, bus: bus)
            report(failure, failing: &failing, pending: queue.pendingSeconds)
            guard let (_, error) = failure else { return }
            let writeFailure = StoreWriteFailure(error)
            lastFailure = writeFailure
            guard writeFailure.isBrief, ContinuousClock.now + retryEvery < deadline else { break }
            try? await Task.sleep(for: retryEvery)
        }
        guard !queue.isEmpty else { return }
        let reason = lastFailure?.reason ?? "the hub stopped before it could write it"
        let unsaved = queue.unsavedDescription
        logger.critical(
            "the hub stops with workout data it could not save: \(unsaved); \(reason)",
            metadata: [
                "operations": "\(queue.count)", "seconds": "\(queue.pendingSeconds)",
                "workouts": "\(queue.workouts.map { "\($0)" }.joined(separator: ","))",
            ])
        // Published before the front ends stop (they stop after the engine), so the console and the voice say it.
        bus.publish(
            Announcement(
                "Not saved: \(unsaved), because \(reason). What was saved before is kept; the workout is recovered "
                    + "when the hub starts again, as after a power cut.", priority: .urgent))
    }

    private func report(_ failure: (Operation, any Error)?, failing: inout Bool, pending: Int) {
        if let (operation, error) = failure {
            guard !failing else { return }
            failing = true
            let reason = StoreWriteFailure(error).reason
            logger.error(
                "cannot save \(operation.what): \(reason); keeping it in memory and trying again every \(retryEvery)",
                metadata: ["error": "\(error)"])
            bus.publish(
                Announcement(
                    "Cannot save \(operation.what): \(reason). Recording goes on; it is saved as soon as the disk "
                        + "can be written.", priority: .urgent))
        } else if failing {
            failing = false
            logger.notice("saving works again; what was kept in memory is saved")
            bus.publish(Announcement("Workout data is being saved again.", priority: .important))
        }
    }

    /// How many operations wait for ``run()``, counted by the sender and taken off by the writer once stored.
    private final class Backlog: Sendable {
        private let count = Atomic<Int>(0)

        var isEmpty: Bool { count.load(ordering: .acquiring) == 0 }
        func add() { count.add(1, ordering: .acquiringAndReleasing) }
        func remove(_ stored: Int) { count.subtract(stored, ordering: .acquiringAndReleasing) }
    }

    /// Operations not yet stored, in order; consecutive seconds of one workout merge into one write.
    struct Queue {
        /// Unsaved seconds kept before the oldest are dropped.
        let limit: Int
        private(set) var operations: [Operation] = []

        init(limit: Int) { self.limit = limit }
        private(set) var pendingSeconds = 0
        private(set) var droppedSeconds = 0

        var isEmpty: Bool { operations.isEmpty }
        var count: Int { operations.count }

        /// The workouts that operations not yet stored belong to, in order.
        var workouts: [WorkoutID] {
            var ids: [WorkoutID] = []
            for operation in operations {
                if let id = operation.workout, ids.last != id { ids.append(id) }
            }
            return ids
        }

        /// What is not stored, for the person: "the last 42 seconds of the workout and its finish".
        var unsavedDescription: String {
            var parts: [String] = []
            if pendingSeconds > 0 {
                let last = pendingSeconds == 1 ? "second" : "\(pendingSeconds) seconds"
                parts.append("the last \(last) of the workout")
            }
            if operations.contains(where: { if case .finished = $0 { true } else { false } }) {
                parts.append(parts.isEmpty ? "the finish of the workout" : "its finish")
            }
            let others = operations.filter {
                switch $0 {
                case .seconds, .finished, .report: false
                default: true
                }
            }.count
            if others > 0 { parts.append(others == 1 ? "one other change" : "\(others) other changes") }
            return parts.isEmpty ? "nothing of the workout" : parts.joined(separator: " and ")
        }

        mutating func append(_ operation: Operation) {
            if case .seconds(let id, let samples, let totals, let boot) = operation,
                case .seconds(id, let queued, _, _)? = operations.last
            {
                operations[operations.count - 1] = .seconds(id, queued + samples, totals, seenAt: boot)
            } else {
                operations.append(operation)
            }
            if case .seconds(_, let samples, _, _) = operation { pendingSeconds += samples.count }
            dropOldestSecondsBeyondLimit()
        }

        /// Writes from the front until one fails; returns that one and its error, or nil when all are stored.
        mutating func write(to store: any WorkoutLog, bus: MessageBus) async -> (Operation, any Error)? {
            while let operation = operations.first {
                do {
                    try await Self.perform(operation, on: store, bus: bus)
                } catch {
                    return (operation, error)
                }
                operations.removeFirst()
                if case .seconds(_, let samples, _, _) = operation { pendingSeconds -= samples.count }
            }
            return nil
        }

        /// Seconds beyond a day are dropped oldest first; pauses, laps and finishes are never dropped.
        private mutating func dropOldestSecondsBeyondLimit() {
            var excess = pendingSeconds - limit
            var index = 0
            while excess > 0, index < operations.count {
                if case .seconds(let id, let samples, let totals, let boot) = operations[index] {
                    let dropped = min(excess, samples.count)
                    operations[index] = .seconds(id, Array(samples.dropFirst(dropped)), totals, seenAt: boot)
                    excess -= dropped
                    pendingSeconds -= dropped
                    droppedSeconds += dropped
                }
                index += 1
            }
        }

        private static func perform(_ operation: Operation, on store: any WorkoutLog, bus: MessageBus) async throws {
            switch operation {
            case .report(let token): bus.publish(WorkoutStored(token: token))
            case .seconds(let id, let samples, let totals, let boot):
                try await store.recordSamples(samples, totals: totals, of: id, seenAt: boot)
            case .pauseBegan(let id, let date, let boot): try await store.beginPause(of: id, at: date, seenAt: boot)
            case .pauseEnded(let id, let date): try await store.endPause(of: id, at: date)
            case .pause(let id, let start, let end): try await store.recordPause(of: id, from: start, to: end)
            case .lap(let id, let lap): try await store.recordLap(lap, of: id)
            case .simulated(let id): try await store.markSimulated(id)
            case .resumed(let id): try await store.markResumed(id)
            case .finished(let id, let date, let totals, let recovery):
                try await store.finishWorkout(id, at: date, totals: totals, recovery: recovery)
            }
        }
    }
}
