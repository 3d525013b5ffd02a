import DequeModule
import Synchronization

/// How a routed message enters an inbox: whether it wakes the owner now or waits for the next event that does.
///
/// Waking a task costs a thread wake-up, which on a Raspberry Pi is most of what a 1 Hz reading costs. A subscriber
/// that only needs readings when something else happens (the workout's second closes, someone asks for the status)
/// lets them wait: they are handed over in order, just before the next event that wakes it, as if each had woken it.
public enum InboxDelivery<Event: Sendable>: Sendable {
    /// Wakes the owner.
    case wake(Event)
    /// Waits in order for the next event that wakes the owner (or the end of the inbox).
    case withNext(Event)
    /// Like `withNext`, but replaces the event of the same route still waiting, if any: for a subscriber that only
    /// needs the latest value (its buffer then never fills up while it sleeps).
    case latest(Event)
    /// Like `latest`, but replaces only the waiting event of the same route with the same key: for a subscriber
    /// that needs the latest value of each of several sources of one message type (one key a source).
    case latestOfKey(String, Event)
}

/// The buffer behind an ``Inbox``: events in publishing order, of which only some wake the owner.
///
/// Replaces an `AsyncStream`, which wakes its consumer for every element. At most `capacity` events wait; a full
/// buffer drops its oldest event, whose route counts the loss.
@usableFromInline
final class InboxQueue<Event: Sendable>: Sendable {
    @usableFromInline
    struct Entry: Sendable {
        /// The route the event came from (nil for the owner's own), to count its loss against.
        @usableFromInline let origin: SubscriptionCounters?
        @usableFromInline let event: Event
        @usableFromInline let wakes: Bool
        /// Set for `.latest` events: a newer one of the same route replaces this one while it waits.
        @usableFromInline let replaceable: Bool
        /// For `.latestOfKey` events: only a newer one with the same key replaces this one.
        @usableFromInline var key: String?

        @usableFromInline
        init(origin: SubscriptionCounters?, event: Event, wakes: Bool, replaceable: Bool, key: String? = nil) {
            self.origin = origin
            self.event = event
            self.wakes = wakes
            self.replaceable = replaceable
            self.key = key
        }
    }

    @usableFromInline
    enum Yield: Sendable { case enqueued, dropped(origin: SubscriptionCounters?), terminated }

    // `yield` is inlinable, and so is what it touches, so that it is compiled for each subscriber's own event type
    // in the subscriber's module: unspecialised, each message delivered to a plugin looked up the metadata of its
    // `Entry`, its `Deque` and their tuples in the Swift runtime, several times (Benchmarks/README.md, issue 19).
    @usableFromInline
    struct State {
        @usableFromInline var entries = Deque<Entry>()
        /// Entries that wake the owner; the owner sleeps while this is 0.
        @usableFromInline var waking = 0
        @usableFromInline var waiter: UnsafeContinuation<Event?, Never>?
        @usableFromInline var finished = false
        @usableFromInline var terminated = false
        var onTermination: (@Sendable () -> Void)?
    }

    @usableFromInline let capacity: Int
    @usableFromInline let state = Mutex(State())
    /// Wakes the bus's loss reporter.
    private let lossSignal: LossSignal

    init(capacity: Int, lossSignal: LossSignal) {
        self.capacity = capacity
        self.lossSignal = lossSignal
    }

    /// Counts a loss against the route it came from (`yield`'s `.dropped`), then tells the loss reporter: in that
    /// order, so that the report it makes sees the count.
    @usableFromInline
    func countLoss(of origin: SubscriptionCounters?) {
        origin?.dropped.add(1, ordering: .relaxed)
        lossSignal.signal()
    }

    /// Called once when the inbox takes nothing more: cancelled, released, or finished (the routes leave the bus).
    func setOnTermination(_ action: @escaping @Sendable () -> Void) {
        state.withLock { $0.onTermination = action }
    }

    /// Adds an event; never blocks, never suspends.
    @inlinable
    func yield(_ entry: Entry) -> Yield {
        let (result, handOver) = state.withLock { state -> (Yield, (UnsafeContinuation<Event?, Never>, Event)?) in
            guard !state.terminated, !state.finished else { return (.terminated, nil) }
            var result = Yield.enqueued
            if entry.replaceable,
                let index = state.entries.lastIndex(where: {
                    $0.replaceable && $0.origin === entry.origin && $0.key == entry.key
                })
            {
                state.entries.remove(at: index)  // never a waking one: only `.latest` events are replaceable
            } else if state.entries.count >= capacity {
                let oldest = state.entries.removeFirst()
                if oldest.wakes { state.waking -= 1 }
                result = .dropped(origin: oldest.origin)
            }
            state.entries.append(entry)
            if entry.wakes { state.waking += 1 }
            guard let waiter = state.waiter, let event = Self.popIfDue(&state) else { return (result, nil) }
            state.waiter = nil
            return (result, (waiter, event))
        }
        if let (waiter, event) = handOver { waiter.resume(returning: event) }
        return result
    }

    /// The next event, waiting for one that wakes the owner (and handing over those that waited for it first);
    /// nil once the inbox has ended.
    func next() async -> Event? {
        let event = await withTaskCancellationHandler {
            await withUnsafeContinuation { (continuation: UnsafeContinuation<Event?, Never>) in
                let now: Event?? = state.withLock { state in
                    if state.terminated { return .some(nil) }
                    if let event = Self.popIfDue(&state) { return .some(event) }
                    if state.finished { return .some(nil) }
                    state.waiter = continuation
                    return .none
                }
                if let now { continuation.resume(returning: now) }
            }
        } onCancel: {
            terminate()
        }
        // Finished and emptied, or cancelled: the routes leave the bus (once).
        if event == nil { terminate() }
        return event
    }

    /// No more events; those in the buffer are still handed over, waking or not. The routes leave the bus at once.
    func finish() {
        let (handOver, action) = state.withLock {
            state -> ((UnsafeContinuation<Event?, Never>, Event?)?, (@Sendable () -> Void)?) in
            guard !state.finished, !state.terminated else { return (nil, nil) }
            state.finished = true
            let action = state.onTermination
            state.onTermination = nil
            guard let waiter = state.waiter else { return (nil, action) }
            state.waiter = nil
            return ((waiter, Self.popIfDue(&state)), action)
        }
        action?()
        if let (waiter, event) = handOver { waiter.resume(returning: event) }
    }

    /// Ends the inbox at once: the owner's `next()` returns nil, and the routes leave the bus.
    func terminate() {
        let (waiter, action) = state.withLock {
            state -> (UnsafeContinuation<Event?, Never>?, (@Sendable () -> Void)?) in
            guard !state.terminated else { return (nil, nil) }
            state.terminated = true
            state.entries.removeAll()
            state.waking = 0
            let taken = (state.waiter, state.onTermination)
            state.waiter = nil
            state.onTermination = nil
            return taken
        }
        waiter?.resume(returning: nil)
        action?()
    }

    /// The front event when the owner may have it: something waking waits, or the inbox is finished.
    @inlinable
    static func popIfDue(_ state: inout State) -> Event? {
        guard state.waking > 0 || (state.finished && !state.entries.isEmpty) else { return nil }
        let entry = state.entries.removeFirst()
        if entry.wakes { state.waking -= 1 }
        return entry.event
    }
}

/// Held by the owner's side of an inbox (the ``Inbox`` and its iterator): when the last of them is released, the
/// inbox ends and its routes leave the bus. (The bus's routes hold the queue itself, so its own lifetime cannot
/// tell.)
final class InboxLifetime<Event: Sendable>: Sendable {
    let queue: InboxQueue<Event>
    init(_ queue: InboxQueue<Event>) { self.queue = queue }
    deinit { queue.terminate() }
}
