import HubCore

/// The sentences waiting to be synthesised: most important first, bounded, and routine ones skipped once stale.
///
/// - The highest priority goes first; within a priority, the oldest.
/// - When full, the oldest routine (`info`) sentence makes room, or the new one is dropped when it is routine and
///   none waits. An important or urgent sentence (a summary, a lap, a goal, the answer to "status now") is never
///   dropped: when the queue is full of them it holds more than `capacity`.
/// - A routine (`info`) sentence whose event is older than `staleAfter` when its turn comes is skipped: a
///   split time said a minute late is wrong. Important and urgent ones are said however late.
/// - `inEventOrder` (a clock faster than real time, as in `stayfit demo`): the oldest event first, the most
///   important first among events of the same instant. Synthesis still takes real time there, so sentences of
///   events a simulated second apart wait together that the workout being simulated would have said one by one.
public struct SpeechQueue: Sendable {
    public let capacity: Int
    public let staleAfter: Duration
    public let inEventOrder: Bool

    private var waiting: [(sequence: UInt64, utterance: Utterance)] = []
    private var nextSequence: UInt64 = 0
    /// Sentences dropped because the queue was full.
    public private(set) var droppedCount = 0
    /// Routine sentences skipped because they were stale.
    public private(set) var staleCount = 0

    public init(capacity: Int, staleAfter: Duration, inEventOrder: Bool = false) {
        precondition(capacity > 0, "a speech queue holds at least one sentence")
        self.capacity = capacity
        self.staleAfter = staleAfter
        self.inEventOrder = inEventOrder
    }

    /// How many sentences wait.
    public var count: Int { waiting.count }

    /// Adds `utterance`; returns the sentence dropped to stay within the capacity, if any.
    @discardableResult
    public mutating func add(_ utterance: Utterance) -> Utterance? {
        defer { nextSequence += 1 }
        guard waiting.count >= capacity else {
            waiting.append((nextSequence, utterance))
            return nil
        }
        // The oldest routine sentence (sequence numbers grow with time, and `waiting` is in their order).
        guard let victim = waiting.firstIndex(where: { $0.utterance.priority == .info }) else {
            guard utterance.priority != .info else {
                droppedCount += 1
                return utterance
            }
            waiting.append((nextSequence, utterance))
            return nil
        }
        droppedCount += 1
        let dropped = waiting.remove(at: victim).utterance
        waiting.append((nextSequence, utterance))
        return dropped
    }

    /// The next sentence to say at `now`, skipping stale routine ones; nil when none is left.
    public mutating func next(at now: HubInstant) -> Utterance? {
        let inEventOrder = self.inEventOrder
        // The most important first, the oldest within a priority; in event order, the oldest event first.
        func key(_ entry: (sequence: UInt64, utterance: Utterance)) -> (Duration, Int, UInt64) {
            (
                inEventOrder ? entry.utterance.eventAt.sinceOrigin : .zero, -entry.utterance.priority.rawValue,
                entry.sequence
            )
        }
        while let index = waiting.indices.min(by: { key(waiting[$0]) < key(waiting[$1]) }) {
            let utterance = waiting.remove(at: index).utterance
            if utterance.priority == .info, now - utterance.eventAt > staleAfter {
                staleCount += 1
                continue
            }
            return utterance
        }
        return nil
    }
}
