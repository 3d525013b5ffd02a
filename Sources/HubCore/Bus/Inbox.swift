/// One ordered stream of a subscriber's own events, fed by several bus message types and by its owner.
///
/// Made by ``MessageBus/inbox(of:subscriber:capacity:_:)``. Iterate it from one task; the subscriptions end when
/// that task is cancelled, when the iteration ends, or when the inbox is released.
public struct Inbox<Event: Sendable>: AsyncSequence, Sendable {
    public typealias Element = Event

    private let stream: AsyncStream<InboxEntry<Event>>
    private let continuation: AsyncStream<InboxEntry<Event>>.Continuation

    init(stream: AsyncStream<InboxEntry<Event>>, continuation: AsyncStream<InboxEntry<Event>>.Continuation) {
        self.stream = stream
        self.continuation = continuation
    }

    /// Adds an event of the owner's own, behind every message published before this call.
    ///
    /// Never blocks. Like a routed message it takes a place in the buffer; when that pushes out the oldest
    /// routed message, the loss is counted against that message's route.
    public func post(_ event: Event) {
        if case .dropped(let lost) = continuation.yield(InboxEntry(origin: nil, event: event)) {
            lost.origin?.dropped.add(1, ordering: .relaxed)
        }
    }

    /// Ends the stream once the events already in it have been taken out; nothing is added after this.
    public func finish() { continuation.finish() }

    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(base: stream.makeAsyncIterator()) }

    /// Takes the events out in order.
    public struct AsyncIterator: AsyncIteratorProtocol {
        var base: AsyncStream<InboxEntry<Event>>.Iterator

        public mutating func next() async -> Event? { await base.next()?.event }
    }
}

/// The message types an inbox takes, and how each becomes the subscriber's event.
public struct InboxRoutes<Event: Sendable> {
    struct Route {
        let key: ObjectIdentifier
        let messageType: String
        /// Hands one message to the inbox; false once the inbox has ended.
        let deliver:
            @Sendable (any BusMessage, SubscriptionCounters, AsyncStream<InboxEntry<Event>>.Continuation) -> Bool
    }

    private(set) var routes: [Route] = []

    init() {}

    /// Takes every `M` published from now on, as the event `transform` makes of it (nil leaves it out).
    ///
    /// `transform` runs inside `publish`: keep it quick, and never block in it.
    public mutating func route<M: BusMessage>(_ type: M.Type, _ transform: @escaping @Sendable (M) -> Event?) {
        routes.append(
            Route(key: ObjectIdentifier(M.self), messageType: String(describing: M.self)) { message, counters, inbox in
                guard let message = message as? M, let event = transform(message) else { return true }
                switch inbox.yield(InboxEntry(origin: counters, event: event)) {
                case .enqueued:
                    counters.delivered.add(1, ordering: .relaxed)
                case .dropped(let lost):
                    // The buffer keeps the newest: the oldest event made room, and its own route lost it.
                    counters.delivered.add(1, ordering: .relaxed)
                    lost.origin?.dropped.add(1, ordering: .relaxed)
                case .terminated:
                    return false
                @unknown default:
                    return true
                }
                return true
            })
    }
}

/// An event in an inbox's buffer, with the route it came from (nil for the owner's own) to count its loss against.
struct InboxEntry<Event: Sendable>: Sendable {
    let origin: SubscriptionCounters?
    let event: Event
}
