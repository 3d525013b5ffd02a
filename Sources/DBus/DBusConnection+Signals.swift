extension DBusConnection {
    /// Asks the bus to deliver the messages described by `rule`, and waits for the bus to accept it.
    ///
    /// ```swift
    /// try await bus.addMatch(
    ///     "type='signal',sender='org.bluez',interface='org.freedesktop.DBus.Properties',member='PropertiesChanged'")
    /// ```
    /// - Throws: ``DBusError`` with ``DBusError/Name/matchRuleInvalid`` for a malformed rule, or any call error.
    public func addMatch(_ rule: String, timeout: Duration = defaultTimeout) async throws(DBusError) {
        try await call(
            destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
            member: "AddMatch", signature: "s", arguments: [.string(rule)], timeout: timeout)
    }

    /// Removes one earlier ``addMatch(_:timeout:)`` of the same rule.
    ///
    /// - Throws: ``DBusError`` with `org.freedesktop.DBus.Error.MatchRuleNotFound` when no such rule was added.
    public func removeMatch(_ rule: String, timeout: Duration = defaultTimeout) async throws(DBusError) {
        try await call(
            destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
            member: "RemoveMatch", signature: "s", arguments: [.string(rule)], timeout: timeout)
    }

    /// The signals received from now on that fit the given fields (nil matches anything).
    ///
    /// Only signals the bus delivers are seen: add a match rule first with ``addMatch(_:timeout:)``. The stream
    /// finishes when the connection closes or is lost, and it stops receiving when the consumer stops iterating.
    ///
    /// When the consumer falls behind by more than the buffer holds, the oldest buffered signals are dropped; every
    /// drop is counted in ``signalStatistics`` and handed to `onDrop`, so no signal is lost unseen.
    ///
    /// ```swift
    /// for await signal in bus.signals(interface: "org.freedesktop.DBus.Properties", member: "PropertiesChanged") {
    ///     let changed = signal.arguments[1].dictionary ?? [:]
    /// }
    /// ```
    /// - Parameters:
    ///   - path: Only signals from this object path.
    ///   - interface: Only signals of this interface.
    ///   - member: Only signals with this name.
    ///   - bufferingPolicy: What to keep when the consumer falls behind; by default the newest 1024 signals.
    ///   - onDrop: Called with each signal pushed out of the full buffer, on the connection's dispatch thread:
    ///     count it, don't block (nothing is read from the bus while it runs).
    public func signals(
        path: String? = nil, interface: String? = nil, member: String? = nil,
        bufferingPolicy: AsyncStream<DBusSignal>.Continuation.BufferingPolicy = .bufferingNewest(1024),
        onDrop: (@Sendable (DBusSignal) -> Void)? = nil
    ) -> AsyncStream<DBusSignal> {
        let selector = DBusSignalSelector(path: path, interface: interface, member: member)
        return stream(of: DBusSignal.self, selector: selector, bufferingPolicy: bufferingPolicy, onDrop: onDrop) { $0 }
            .stream
    }

    /// What this connection's signal streams were handed and lost so far (see ``DBusSignalStatistics``).
    public var signalStatistics: DBusSignalStatistics { loop.signalCounters.statistics }

    /// A stream fed by a signal subscription, mapping each signal with `transform` (nil drops it).
    ///
    /// `onTermination` runs once the stream ends for any reason; finishing `continuation` ends it early. Every
    /// element the buffer loses is counted in ``signalStatistics`` and passed to `onDrop`.
    func stream<Element: Sendable>(
        of type: Element.Type, selector: DBusSignalSelector,
        bufferingPolicy: AsyncStream<Element>.Continuation.BufferingPolicy,
        onDrop: (@Sendable (Element) -> Void)? = nil,
        onTermination: @escaping @Sendable () -> Void = {},
        transform: @escaping @Sendable (DBusSignal) -> Element?
    ) -> (stream: AsyncStream<Element>, continuation: AsyncStream<Element>.Continuation) {
        let (stream, continuation) = AsyncStream.makeStream(of: Element.self, bufferingPolicy: bufferingPolicy)
        let counters = loop.signalCounters
        let subscriber = DBusDispatchLoop.Subscriber(
            selector: selector,
            deliver: { signal in
                guard let element = transform(signal) else { return }
                switch continuation.yield(element) {
                case .enqueued:
                    counters.delivered.add(1, ordering: .relaxed)
                case .dropped(let lost):
                    counters.delivered.add(1, ordering: .relaxed)
                    counters.dropped.add(1, ordering: .relaxed)
                    onDrop?(lost)
                case .terminated:
                    break
                @unknown default:
                    counters.delivered.add(1, ordering: .relaxed)
                }
            },
            finish: { continuation.finish() })
        guard let id = loop.subscribe(subscriber) else {
            continuation.finish()
            onTermination()
            return (stream, continuation)
        }
        continuation.onTermination = { [weak loop] _ in
            loop?.unsubscribe(id)
            onTermination()
        }
        return (stream, continuation)
    }
}
