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
    public func signals(
        path: String? = nil, interface: String? = nil, member: String? = nil,
        bufferingPolicy: AsyncStream<DBusSignal>.Continuation.BufferingPolicy = .bufferingNewest(1024)
    ) -> AsyncStream<DBusSignal> {
        let selector = DBusSignalSelector(path: path, interface: interface, member: member)
        return stream(of: DBusSignal.self, selector: selector, bufferingPolicy: bufferingPolicy) { $0 }.stream
    }

    /// A stream fed by a signal subscription, mapping each signal with `transform` (nil drops it).
    ///
    /// `onTermination` runs once the stream ends for any reason; finishing `continuation` ends it early.
    func stream<Element: Sendable>(
        of type: Element.Type, selector: DBusSignalSelector,
        bufferingPolicy: AsyncStream<Element>.Continuation.BufferingPolicy,
        onTermination: @escaping @Sendable () -> Void = {},
        transform: @escaping @Sendable (DBusSignal) -> Element?
    ) -> (stream: AsyncStream<Element>, continuation: AsyncStream<Element>.Continuation) {
        let (stream, continuation) = AsyncStream.makeStream(of: Element.self, bufferingPolicy: bufferingPolicy)
        let subscriber = DBusDispatchLoop.Subscriber(
            selector: selector,
            deliver: { signal in
                if let element = transform(signal) { continuation.yield(element) }
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
