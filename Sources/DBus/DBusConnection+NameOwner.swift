extension DBusConnection {
    /// Every change of owner of `name` from now on, e.g. bluetoothd leaving (``DBusNameOwnerChange/newOwner`` nil)
    /// and coming back (a new unique name).
    ///
    /// Adds the match rule itself, before returning, and removes it when the stream ends. Combine it with
    /// ``nameOwner(of:timeout:)`` to learn the state at the start.
    ///
    /// ```swift
    /// for await change in try await bus.nameOwnerChanges(of: "org.bluez") {
    ///     if change.isOwned { /* re-read GetManagedObjects, subscribe again */ } else { /* all paths are stale */ }
    /// }
    /// ```
    /// - Throws: ``DBusError`` when `name` is not a valid bus name or the bus refuses the match rule.
    public func nameOwnerChanges(
        of name: String, timeout: Duration = defaultTimeout
    ) async throws(DBusError) -> AsyncStream<DBusNameOwnerChange> {
        try DBusNames.validateBusName(name)
        let rule =
            "type='signal',sender='org.freedesktop.DBus',path='/org/freedesktop/DBus',"
            + "interface='org.freedesktop.DBus',member='NameOwnerChanged',arg0='\(name)'"
        let removeMatch = DBusMethodCall(
            destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
            member: "RemoveMatch", signature: "s", arguments: [.string(rule)])
        let selector = DBusSignalSelector(
            sender: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
            member: "NameOwnerChanged", arg0: name)
        // Subscribed before the rule is added, so no change between the two can slip through.
        let (stream, continuation) = stream(
            of: DBusNameOwnerChange.self, selector: selector, bufferingPolicy: .unbounded,
            onTermination: { [weak loop] in loop?.send(removeMatch) },
            transform: { signal in
                guard signal.arguments.count == 3, let name = signal.arguments[0].string,
                    let oldOwner = signal.arguments[1].string, let newOwner = signal.arguments[2].string
                else { return nil }
                return DBusNameOwnerChange(name: name, oldOwner: oldOwner, newOwner: newOwner)
            })
        do {
            try await addMatch(rule, timeout: timeout)
        } catch {
            continuation.finish()
            throw error
        }
        return stream
    }

    /// The unique name that owns `name` now, or nil when nobody does.
    ///
    /// - Throws: ``DBusError`` for an invalid name or a failed call (not for an unowned name).
    public func nameOwner(of name: String, timeout: Duration = defaultTimeout) async throws(DBusError) -> String? {
        do {
            let reply = try await call(
                destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
                member: "GetNameOwner", signature: "s", arguments: [.string(name)], timeout: timeout)
            return reply.first?.string
        } catch  where error.name == DBusError.Name.nameHasNoOwner {
            return nil
        }
    }
}
