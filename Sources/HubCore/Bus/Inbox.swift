import Synchronization

/// One ordered stream of a subscriber's own events, fed by several bus message types and by its owner.
///
/// Made by ``MessageBus/inbox(of:subscriber:capacity:_:)``. Iterate it from one task; the subscriptions end when
/// that task is cancelled, when the iteration ends, or when the inbox is released.
public struct Inbox<Event: Sendable>: AsyncSequence, Sendable {
    public typealias Element = Event

    private let lifetime: InboxLifetime<Event>

    init(queue: InboxQueue<Event>) { lifetime = InboxLifetime(queue) }

    /// Adds an event of the owner's own, behind every message published before this call; it wakes the owner.
    ///
    /// Never blocks. Like a routed message it takes a place in the buffer; when that pushes out the oldest
    /// routed message, the loss is counted against that message's route.
    public func post(_ event: Event) {
        if case .dropped(let lost) = lifetime.queue.yield(
            .init(origin: nil, event: event, wakes: true, replaceable: false))
        {
            lifetime.queue.countLoss(of: lost)
        }
    }

    /// Ends the stream once the events already in it have been taken out; nothing is added after this.
    public func finish() { lifetime.queue.finish() }

    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(lifetime: lifetime) }

    /// Takes the events out in order.
    public struct AsyncIterator: AsyncIteratorProtocol {
        let lifetime: InboxLifetime<Event>

        public mutating func next() async -> Event? { await lifetime.queue.next() }
    }
}

/// The message types an inbox takes, and how each becomes the subscriber's event.
///
/// The two `route` methods are inlinable, and what they touch usable from inlinable code, so that the delivery
/// closure is compiled for each subscriber's own message and event types: unspecialised, it looked up the generic
/// types' metadata in the Swift runtime for every message it delivered.
public struct InboxRoutes<Event: Sendable> {
    @usableFromInline
    struct Route: Sendable {
        let key: ObjectIdentifier
        let messageType: String
        /// Hands one message to the inbox; false once the inbox has ended. The message comes by pointer: the bus
        /// files the route under its type's identity and publishes a message only to the routes of its own type,
        /// so the pointer is to an `M` and is read as one without a dynamic cast or an existential box (each a
        /// trip through the Swift runtime's caches, most of a notification's cost when they are cold).
        let deliver: @Sendable (UnsafeRawPointer, SubscriptionCounters, InboxQueue<Event>) -> Bool

        @usableFromInline
        init(
            key: ObjectIdentifier, messageType: String,
            deliver: @escaping @Sendable (UnsafeRawPointer, SubscriptionCounters, InboxQueue<Event>) -> Bool
        ) {
            self.key = key
            self.messageType = messageType
            self.deliver = deliver
        }
    }

    @usableFromInline var routes: [Route] = []

    init() {}

    /// Takes every `M` published from now on, as the event `transform` makes of it (nil leaves it out); each one
    /// wakes the owner.
    ///
    /// `transform` runs inside `publish`: keep it quick, and never block in it.
    @inlinable
    public mutating func route<M: BusMessage>(_ type: M.Type, _ transform: @escaping @Sendable (M) -> Event?) {
        route(type, delivery: { transform($0).map(InboxDelivery.wake) })
    }

    /// Takes every `M` published from now on, as `delivery` says: an event that wakes the owner, one that waits for
    /// the next such event, or nil to leave it out. For readings a subscriber needs only when something else
    /// happens: each one it lets wait saves a thread wake-up.
    ///
    /// `delivery` runs inside `publish`: keep it quick, and never block in it.
    @inlinable
    public mutating func route<M: BusMessage>(
        _ type: M.Type, delivery: @escaping @Sendable (M) -> InboxDelivery<Event>?
    ) {
        routes.append(
            Route(key: ObjectIdentifier(M.self), messageType: String(describing: M.self)) { message, counters, inbox in
                guard let delivery = delivery(message.assumingMemoryBound(to: M.self).pointee) else { return true }
                let entry: InboxQueue<Event>.Entry
                switch delivery {
                case .wake(let event): entry = .init(origin: counters, event: event, wakes: true, replaceable: false)
                case .withNext(let event):
                    entry = .init(origin: counters, event: event, wakes: false, replaceable: false)
                case .latest(let event): entry = .init(origin: counters, event: event, wakes: false, replaceable: true)
                case .latestOfKey(let key, let event):
                    entry = .init(origin: counters, event: event, wakes: false, replaceable: true, key: key)
                }
                switch inbox.yield(entry) {
                case .enqueued:
                    counters.delivered.add(1, ordering: .relaxed)
                case .dropped(let lost):
                    // The buffer keeps the newest: the oldest event made room, and its own route lost it.
                    counters.delivered.add(1, ordering: .relaxed)
                    inbox.countLoss(of: lost)
                case .terminated:
                    return false
                }
                return true
            })
    }
}
