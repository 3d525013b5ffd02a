internal import CDBus

// Method calls: queued from any task, sent and completed on the loop thread, bridged with a continuation.
extension DBusDispatchLoop {
    /// Sends `call` and waits for its reply without blocking the calling thread.
    ///
    /// Cancelling the awaiting task cancels the call and fails it with ``DBusError/Name/cancelled``.
    func call(_ call: DBusMethodCall, timeout: Duration) async -> Result<[DBusValue], DBusError> {
        let id = shared.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (reply: Reply) in
                // Checked under the lock so that a cancellation either stops the call here or finds it queued.
                let refusal = shared.withLock { state -> DBusError? in
                    if let reason = state.stopReason { return reason.adding(context: call.context) }
                    if Task.isCancelled { return .cancelled(context: call.context) }
                    state.commands.append(.call(id: id, call, timeout: timeout, reply: reply))
                    return nil
                }
                if let refusal {
                    reply.resume(returning: .failure(refusal))
                } else {
                    wake()
                }
            }
        } onCancel: {
            let queued = shared.withLock { state -> (Reply?, String)? in
                guard
                    let index = state.commands.firstIndex(where: {
                        if case .call(id, _, _, _) = $0 { true } else { false }
                    }),
                    case .call(_, let call, _, let reply) = state.commands.remove(at: index)
                else { return nil }
                return (reply, call.context)
            }
            if let (reply, context) = queued {
                reply?.resume(returning: .failure(.cancelled(context: context)))
            } else {
                _ = enqueue(.cancel(id: id))
            }
        }
    }

    /// Sends a call whose reply nobody waits for (e.g. RemoveMatch when a stream ends).
    func send(_ call: DBusMethodCall) {
        _ = enqueue(.call(id: 0, call, timeout: .zero, reply: nil))
    }

    // MARK: - Loop thread

    func send(_ call: DBusMethodCall, id: UInt64, timeout: Duration, reply: Reply?, on conn: OpaquePointer) {
        do throws(DBusError) {
            let message = try call.makeMessage()
            defer { dbus_message_unref(message) }
            if dbus_message_contains_unix_fds(message) != 0,
                dbus_connection_can_send_type(conn, CDBUS_TYPE_UNIX_FD) == 0
            {
                throw DBusError.invalidArguments("This connection cannot pass Unix file descriptors")
            }
            guard let reply else {
                dbus_message_set_no_reply(message, 1)
                guard dbus_connection_send(conn, message, nil) != 0 else {
                    throw DBusError.noMemory(context: call.context)
                }
                return
            }
            // libdbus only enforces timeouts with a timeout-function main loop; this loop tracks deadlines itself.
            var pendingCall: OpaquePointer?
            guard dbus_connection_send_with_reply(conn, message, &pendingCall, CDBUS_TIMEOUT_INFINITE) != 0 else {
                throw DBusError.noMemory(context: call.context)
            }
            guard let pendingCall else {
                throw DBusError.disconnected("The connection to the bus at \(address) is closed")
            }
            let userData = Unmanaged.passUnretained(self).toOpaque()
            guard dbus_pending_call_set_notify(pendingCall, dispatchLoopReplyNotify, userData, nil) != 0 else {
                dbus_pending_call_cancel(pendingCall)
                dbus_pending_call_unref(pendingCall)
                throw DBusError.noMemory(context: call.context)
            }
            pending[pendingCall] = PendingCall(
                id: id, reply: reply, deadline: .now.advanced(by: timeout), timeout: timeout, context: call.context)
        } catch {
            reply?.resume(returning: .failure(error.adding(context: call.context)))
        }
    }

    /// Called by libdbus (during dispatch, on this thread) when a reply or error for `pendingCall` arrived.
    func complete(_ pendingCall: OpaquePointer) {
        guard let entry = pending.removeValue(forKey: pendingCall) else { return }
        let message = dbus_pending_call_steal_reply(pendingCall)
        dbus_pending_call_unref(pendingCall)
        guard let message else {
            entry.reply.resume(
                returning: .failure(.disconnected("The call completed without a reply", context: entry.context)))
            return
        }
        defer { dbus_message_unref(message) }
        entry.reply.resume(returning: result(of: message, context: entry.context))
    }

    private func result(of message: OpaquePointer, context: String) -> Result<[DBusValue], DBusError> {
        if dbus_message_get_type(message) == DBUS_MESSAGE_TYPE_ERROR {
            var cError = CDBus.DBusError()
            dbus_error_init(&cError)
            defer { dbus_error_free(&cError) }
            dbus_set_error_from_message(&cError, message)
            let error = DBusError(cError, context: context)
            // libdbus answers calls still pending at a disconnection with a synthetic NoReply; say what happened.
            if error.name == DBusError.Name.noReply, let conn = connection, dbus_connection_get_is_connected(conn) == 0
            {
                return .failure(
                    .disconnected("Lost the connection to the bus at \(address) before the reply", context: context))
            }
            return .failure(error)
        }
        do throws(DBusError) {
            return .success(try DBusValue.decodeArguments(of: message))
        } catch {
            return .failure(error.adding(context: context))
        }
    }

    func cancelCall(id: UInt64) {
        guard let (pendingCall, entry) = pending.first(where: { $0.value.id == id }) else { return }
        abandon(pendingCall)
        entry.reply.resume(returning: .failure(.cancelled(context: entry.context)))
    }

    /// Fails every call whose deadline has passed with NoReply.
    func expireCalls() {
        let now = ContinuousClock.now
        for (pendingCall, entry) in pending where entry.deadline <= now {
            abandon(pendingCall)
            entry.reply.resume(returning: .failure(.noReply(after: entry.timeout, context: entry.context)))
        }
    }

    func failAllCalls(_ reason: DBusError) {
        for (pendingCall, entry) in pending {
            abandon(pendingCall)
            entry.reply.resume(returning: .failure(reason.adding(context: entry.context)))
        }
    }

    /// How long poll may sleep: until the nearest deadline, or forever (-1) when no call waits.
    func pollTimeoutMilliseconds() -> Int32 {
        guard let nearest = pending.values.map(\.deadline).min() else { return -1 }
        let (seconds, attoseconds) = ContinuousClock.now.duration(to: nearest).components
        let milliseconds = seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1
        return Int32(clamping: max(milliseconds, 0))
    }

    /// Forgets a pending call: a late reply is then dropped by libdbus.
    private func abandon(_ pendingCall: OpaquePointer) {
        pending[pendingCall] = nil
        dbus_pending_call_cancel(pendingCall)
        dbus_pending_call_unref(pendingCall)
    }
}

/// libdbus's reply callback; `userData` is the loop, which outlives every pending call it created.
private func dispatchLoopReplyNotify(_ pendingCall: OpaquePointer?, _ userData: UnsafeMutableRawPointer?) {
    guard let pendingCall, let userData else { return }
    Unmanaged<DBusDispatchLoop>.fromOpaque(userData).takeUnretainedValue().complete(pendingCall)
}
