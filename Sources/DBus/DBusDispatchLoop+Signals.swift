internal import CDBus

#if canImport(Glibc)
    import Glibc
#endif

// Signals: subscribers register from any thread; the filter runs on the loop thread during dispatch.
extension DBusDispatchLoop {
    /// Registers a subscriber; returns nil (and registers nothing) when the loop has stopped.
    func subscribe(_ subscriber: Subscriber) -> UInt64? {
        shared.withLock { state in
            guard state.stopReason == nil else { return nil }
            defer { state.nextID += 1 }
            state.subscribers[state.nextID] = subscriber
            return state.nextID
        }
    }

    func unsubscribe(_ id: UInt64) {
        shared.withLock { _ = $0.subscribers.removeValue(forKey: id) }
    }

    /// Looks at one received message; returns whether it was consumed.
    ///
    /// Method calls, replies and unwanted signals are left alone (NOT_YET_HANDLED) so libdbus can answer or drop
    /// them as usual.
    func handle(_ message: OpaquePointer) -> Bool {
        guard dbus_message_get_type(message) == DBUS_MESSAGE_TYPE_SIGNAL else { return false }
        if dbus_message_is_signal(message, DBUS_INTERFACE_LOCAL, "Disconnected") != 0 {
            lostConnection = true
            return true
        }
        let sender = Self.string(dbus_message_get_sender(message), reusing: &lastHeader.sender)
        let path = Self.string(dbus_message_get_path(message), reusing: &lastHeader.path)
        let interface = Self.string(dbus_message_get_interface(message), reusing: &lastHeader.interface)
        let member = Self.string(dbus_message_get_member(message), reusing: &lastHeader.member)
        let candidates = shared.withLock { state in
            state.subscribers.values.filter {
                $0.selector.matches(sender: sender, path: path, interface: interface, member: member)
            }
        }
        guard !candidates.isEmpty else { return false }
        // A malformed body can only come from a misbehaving peer: it reaches no stream, but it is counted.
        guard let arguments = try? DBusValue.decodeArguments(of: message) else {
            signalCounters.undecodable.add(1, ordering: .relaxed)
            return false
        }
        let signal = DBusSignal(sender: sender, path: path, interface: interface, member: member, arguments: arguments)
        var delivered = false
        for subscriber in candidates where subscriber.selector.matches(arguments: arguments) {
            subscriber.deliver(signal)
            delivered = true
        }
        return delivered
    }

    /// A copy of a header string; `cache` when it holds the same text (no allocation), else a new one kept there.
    private static func string(_ pointer: UnsafePointer<CChar>?, reusing cache: inout String) -> String {
        guard let pointer else { return "" }
        if cache.withCString({ strcmp($0, pointer) == 0 }) { return cache }
        cache = String(cString: pointer)
        return cache
    }
}

/// libdbus's message filter; `userData` is the loop, which removes the filter before it goes away.
func dispatchLoopFilter(
    _ connection: OpaquePointer?, _ message: OpaquePointer?, _ userData: UnsafeMutableRawPointer?
) -> DBusHandlerResult {
    guard let message, let userData else { return DBUS_HANDLER_RESULT_NOT_YET_HANDLED }
    let loop = Unmanaged<DBusDispatchLoop>.fromOpaque(userData).takeUnretainedValue()
    return loop.handle(message) ? DBUS_HANDLER_RESULT_HANDLED : DBUS_HANDLER_RESULT_NOT_YET_HANDLED
}
