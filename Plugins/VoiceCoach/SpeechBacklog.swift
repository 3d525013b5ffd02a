import HubCore
import Synchronization

/// The coach's `SpeechQueue`, shared by the task that listens to the bus and the task that speaks, with a
/// doorbell that wakes the speaker when a sentence arrives.
final class SpeechBacklog: Sendable {
    private let queue: Mutex<SpeechQueue<Utterance>>
    private let ring: AsyncStream<Void>.Continuation
    /// Yields when sentences were added; one pending ring is enough, the speaker empties the queue each time.
    let doorbell: AsyncStream<Void>

    init(_ queue: SpeechQueue<Utterance>) {
        self.queue = Mutex(queue)
        (doorbell, ring) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
    }

    /// Queues `sentences` and wakes the speaker; returns the sentences dropped to keep the queue bounded.
    func add(_ sentences: [Utterance]) -> [Utterance] {
        let dropped = queue.withLock { queue in sentences.compactMap { queue.add($0) } }
        ring.yield()
        return dropped
    }

    /// The next sentence to say at `now` on a clock of `speed`, or nil.
    func next(at now: HubInstant, speed: Double) -> Utterance? {
        queue.withLock { $0.next(at: now, speed: speed).item }
    }

    /// How many routine sentences were skipped as stale so far.
    var staleCount: Int { queue.withLock { $0.staleCount } }

    /// No more sentences: the doorbell ends once the speaker has taken the last ring.
    func close() { ring.finish() }
}
