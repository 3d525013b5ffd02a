/// What waits to be said: the most important first, bounded, and routine speech skipped once it is too old.
///
/// - The highest priority goes first; within a priority, the first queued.
/// - At `capacity`, the oldest routine (`info`) item makes room for a new one, or the new one is dropped when it is
///   routine and no routine one waits. An important or urgent item (a summary, a lap, a goal, the answer to "status
///   now") is never dropped: when the queue is full of them it holds more than `capacity`.
/// - A routine item whose event is more than `staleAfter` of real time old when its turn comes is skipped: a
///   "1 kilometre" heard a minute late is worse than none. Important and urgent ones are said however late.
///
/// On a clock that runs faster than real time (`stayfit demo`) synthesis and playback still take real time, so
/// items pile up that the workout being simulated would have said one after the other. There an item's turn is
/// taken on the simulated clock: when it would have come had every item said before it lasted its own
/// ``QueuedSpeech/speakingTime`` of hub time. The order (what had happened by then, most important first) and the
/// age are judged at that turn, so the demo says what the workout would, nothing skipped as "too late" only because
/// the clock runs fast. Items of no known length (sentences before synthesis) are so taken in the order of their
/// events, the most important first among events of the same instant.
///
/// ```swift
/// var queue = SpeechQueue<SpeechClip>(capacity: 16, staleAfter: .seconds(5))
/// queue.add(clip)
/// let (next, stale) = queue.next(at: clock.instant, speed: clock.speed)
/// ```
public struct SpeechQueue<Item: QueuedSpeech>: Sendable {
    public let capacity: Int
    /// Real time, whatever the clock's speed.
    public let staleAfter: Duration
    /// What waits, in the order it is said at real time.
    public private(set) var waiting: [Item] = []
    /// On a sped-up clock: when the last item said would have ended on the simulated clock.
    private var spokenUntil: HubInstant?
    /// Items dropped because the queue was full.
    public private(set) var droppedCount = 0
    /// Routine items skipped because they were stale.
    public private(set) var staleCount = 0

    public init(capacity: Int, staleAfter: Duration) {
        precondition(capacity > 0, "a speech queue holds at least one item")
        self.capacity = capacity
        self.staleAfter = staleAfter
    }

    /// How many items wait.
    public var count: Int { waiting.count }

    public var isEmpty: Bool { waiting.isEmpty }

    /// Queues `item` behind every item of the same or a higher priority; returns the item dropped to stay within the
    /// capacity, if any (which may be `item` itself).
    @discardableResult
    public mutating func add(_ item: Item) -> Item? {
        var dropped: Item?
        if waiting.count >= capacity {
            // The oldest routine item: routine items are the last, in the order they came.
            if let victim = waiting.firstIndex(where: { $0.priority == .info }) {
                dropped = waiting.remove(at: victim)
            } else if item.priority == .info {
                droppedCount += 1
                return item
            }
        }
        if dropped != nil { droppedCount += 1 }
        let position = waiting.firstIndex { $0.priority < item.priority } ?? waiting.endIndex
        waiting.insert(item, at: position)
        return dropped
    }

    /// The next item to say, and the routine items skipped on the way because they went stale.
    ///
    /// - Parameters:
    ///   - now: the hub clock's instant.
    ///   - speed: hub seconds per real second. At 1 (or slower) an item's age is the real time since its event;
    ///     faster, it is the time it would have waited on the simulated clock (see the type's description).
    public mutating func next(at now: HubInstant, speed: Double) -> (item: Item?, stale: [Item]) {
        var stale: [Item] = []
        while let earliest = waiting.map(\.eventAt).min() {
            let turn = speed > 1 ? max(spokenUntil ?? earliest, earliest) : now
            // The most important of the items whose events had happened by their turn (`waiting` is in that order).
            let index = waiting.firstIndex { $0.eventAt <= turn } ?? waiting.startIndex
            let item = waiting.remove(at: index)
            let age = speed > 1 ? turn - item.eventAt : (now - item.eventAt) / max(speed, 0.001)
            if item.priority == .info, age > staleAfter {
                stale.append(item)
                staleCount += 1
                continue
            }
            if speed > 1 { spokenUntil = turn + item.speakingTime }
            return (item, stale)
        }
        return (nil, stale)
    }
}
