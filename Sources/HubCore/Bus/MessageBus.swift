import Synchronization

/// The typed publish/subscribe bus that connects the core and the plugins.
///
/// Each subscriber gets its own bounded buffer, an ``Inbox``: the one way to subscribe, so every subscriber gets
/// the same ordering across message types, the same quiet delivery of readings and the same loss accounting.
/// `publish` never blocks and never suspends, so it may be called from a C callback thread; when a subscriber falls
/// behind, its oldest messages are dropped, counted and signalled to ``losses()``.
///
/// ```swift
/// let inbox = bus.inbox(of: Int.self, subscriber: "console") { $0.route(HeartRateMeasured.self) { $0.beatsPerMinute } }
/// bus.publish(HeartRateMeasured(beatsPerMinute: 142, …))
/// for await beatsPerMinute in inbox { … }
/// ```
public final class MessageBus: Sendable {
    /// Messages buffered per subscriber before the oldest are dropped.
    public let capacity: Int

    private struct Subscription: Sendable {
        let id: UInt64
        let subscriber: String
        let messageType: String
        let counters: SubscriptionCounters
        /// Takes a pointer to a message of the subscription's type; false once the subscriber has gone.
        let deliver: @Sendable (UnsafeRawPointer) -> Bool
    }

    private struct State {
        var nextID: UInt64 = 0
        var subscriptions: [ObjectIdentifier: [Subscription]] = [:]
    }

    private let state = Mutex(State())
    private let lossSignal = LossSignal()

    /// Creates a bus whose subscribers each buffer up to `capacity` messages.
    public init(capacity: Int = 256) {
        precondition(capacity > 0, "a bus buffer needs room for at least one message")
        self.capacity = capacity
    }

    /// Delivers `message` to every current subscriber of its type; never blocks, never suspends.
    public func publish<M: BusMessage>(_ message: M) {
        let targets = state.withLock { $0.subscriptions[ObjectIdentifier(M.self)] ?? [] }
        guard !targets.isEmpty else { return }
        // Handed to every subscriber of `M` by pointer (see `InboxRoutes.Route.deliver`): no box, no cast.
        withUnsafePointer(to: message) { pointer in
            for target in targets {
                _ = target.deliver(UnsafeRawPointer(pointer))
            }
        }
    }

    /// Whether anything listens for `M` now: a front end can then say that nothing on this hub answers a request
    /// (`status now` with the status plugin switched off) instead of publishing it into silence.
    public func hasSubscribers<M: BusMessage>(of type: M.Type) -> Bool {
        state.withLock { !($0.subscriptions[ObjectIdentifier(M.self)] ?? []).isEmpty }
    }

    /// Several message types, each turned into the subscriber's own `Event`, in one stream, in the order in which
    /// they were published; the owner adds events of its own with `post`.
    ///
    /// Whatever was published before a `post` comes before the posted event, across all routed types: a front end
    /// that posts `.shutdown` when asked to stop still sees every message published before that. Each route is a
    /// subscription of its own in ``statistics()`` (`subscriber`, the message type); the routes share one buffer of
    /// `capacity` events, and when it is full the oldest event is dropped and counted against the route it came
    /// from. A route's transform runs inside `publish` (possibly on a C callback thread), so it must be quick and
    /// must not block; it may return nil to leave a message out.
    ///
    /// ```swift
    /// enum Event: Sendable { case line(String), progress(WorkoutProgress), shutdown }
    /// let inbox = bus.inbox(of: Event.self, subscriber: "console") {
    ///     $0.route(Announcement.self) { .line($0.text) }
    ///     $0.route(WorkoutProgress.self) { .progress($0) }
    /// }
    /// // later, e.g. in onGracefulShutdown: inbox.post(.shutdown)
    /// for await event in inbox { … }
    /// ```
    /// - Parameters:
    ///   - subscriber: who is listening, shown with the counts in ``statistics()``.
    ///   - capacity: events buffered before the oldest are dropped; the bus's `capacity` when nil.
    ///   - routes: adds one `route` per message type.
    public func inbox<Event: Sendable>(
        of type: Event.Type, subscriber: String = "anonymous", capacity: Int? = nil,
        _ routes: (inout InboxRoutes<Event>) -> Void
    ) -> Inbox<Event> {
        let capacity = capacity ?? self.capacity
        precondition(capacity > 0, "an inbox needs room for at least one event")
        var table = InboxRoutes<Event>()
        routes(&table)
        let queue = InboxQueue<Event>(capacity: capacity, lossSignal: lossSignal)
        // All routes join in one step, so no message of one type can slip in ahead of a route not yet there.
        let registered = state.withLock { state in
            table.routes.map { route -> (key: ObjectIdentifier, id: UInt64) in
                let id = state.nextID
                state.nextID += 1
                let counters = SubscriptionCounters()
                state.subscriptions[route.key, default: []].append(
                    Subscription(
                        id: id, subscriber: subscriber, messageType: route.messageType, counters: counters,
                        deliver: { route.deliver($0, counters, queue) }))
                return (route.key, id)
            }
        }
        queue.setOnTermination { [weak self] in
            self?.state.withLock { state in
                for (key, id) in registered {
                    state.subscriptions[key]?.removeAll { $0.id == id }
                    if state.subscriptions[key]?.isEmpty == true { state.subscriptions[key] = nil }
                }
            }
        }
        return Inbox(queue: queue)
    }

    /// Every `M` published from now on, each waking the owner: an inbox with the one route of `M` itself.
    ///
    /// ```swift
    /// for await change in bus.inbox(of: StoreChanged.self, subscriber: "reminders") { … }
    /// ```
    public func inbox<M: BusMessage>(of type: M.Type, subscriber: String = "anonymous", capacity: Int? = nil) -> Inbox<
        M
    > {
        inbox(of: M.self, subscriber: subscriber, capacity: capacity) { $0.route(M.self) { $0 } }
    }

    /// Delivery and loss counts of every current subscription.
    public func statistics() -> [BusSubscriptionStatistics] {
        state.withLock { state in
            state.subscriptions.values.flatMap { $0 }.sorted { $0.id < $1.id }.map {
                BusSubscriptionStatistics(
                    id: $0.id, subscriber: $0.subscriber, messageType: $0.messageType,
                    delivered: Int($0.counters.delivered.load(ordering: .relaxed)),
                    dropped: Int($0.counters.dropped.load(ordering: .relaxed)))
            }
        }
    }

    /// Messages lost by slow subscribers since the bus was made (current subscriptions only).
    public var droppedMessageCount: Int { statistics().reduce(0) { $0 + $1.dropped } }

    /// An element whenever a subscriber loses a message, so that losses can be reported without polling
    /// ``statistics()``.
    ///
    /// Losses that come while an element is waiting to be taken add nothing: one element may stand for many.
    /// Only a losing `publish` pays for the signal; one that loses nothing never touches it.
    public func losses() -> AsyncStream<Void> { lossSignal.stream() }
}

/// How one subscription has fared.
public struct BusSubscriptionStatistics: Sendable, Equatable {
    /// Tells this subscription apart from every other one the bus has had, even under the same subscriber
    /// name (a plugin restarted by its supervisor subscribes again): the first is 0, then 1, 2, …
    public var id: UInt64
    public var subscriber: String
    public var messageType: String
    /// Messages handed to the subscriber's buffer.
    public var delivered: Int
    /// Messages lost because the buffer was full (the oldest go first).
    public var dropped: Int

    public init(id: UInt64 = 0, subscriber: String, messageType: String, delivered: Int, dropped: Int) {
        self.id = id
        self.subscriber = subscriber
        self.messageType = messageType
        self.delivered = delivered
        self.dropped = dropped
    }
}

/// Counters shared between a subscription's delivery closure and `statistics()`.
@usableFromInline
final class SubscriptionCounters: Sendable {
    @usableFromInline let delivered = Atomic<UInt64>(0)
    let dropped = Atomic<UInt64>(0)
}

/// Wakes whoever listens for losses (``MessageBus/losses()``).
final class LossSignal: Sendable {
    private struct State {
        var nextID = 0
        var listeners: [Int: AsyncStream<Void>.Continuation] = [:]
    }

    private let state = Mutex(State())

    func stream() -> AsyncStream<Void> {
        // One pending element is enough: it says "look again", however many losses it stands for.
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let id = state.withLock { state in
            let id = state.nextID
            state.nextID += 1
            state.listeners[id] = continuation
            return id
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.listeners.removeValue(forKey: id) }
        }
        return stream
    }

    /// Never blocks: a yield to a full one-element buffer replaces the element. Yielding under the lock is
    /// safe (a yield calls none of our code) and spares a copy of the listeners on every loss.
    func signal() {
        state.withLock { state in
            for listener in state.listeners.values { listener.yield() }
        }
    }
}
