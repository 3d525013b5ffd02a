internal import CDBus
internal import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Owns one private libdbus connection and the dedicated thread that drives it.
///
/// The thread opens the connection, then loops: run queued commands, dispatch received messages (replies reach
/// pending-call notifiers, signals reach the filter), expire timed-out calls, and `poll` the bus socket plus a
/// pipe that other threads write to when they queue a command. It closes and unrefs the connection when it
/// stops, so no Swift cooperative thread ever blocks on D-Bus and the C handle has exactly one owner.
// @unchecked Sendable: this is the bridge between Swift concurrency and libdbus. `connection`, `pending` and
// `lostConnection` are only touched on the loop's own thread (which also runs every libdbus callback); other
// threads reach the loop only through `shared` (a Mutex) and the wake pipe, so no state is shared unprotected.
final class DBusDispatchLoop: @unchecked Sendable {
    typealias Reply = CheckedContinuation<Result<[DBusValue], DBusError>, Never>

    /// Work handed to the loop thread.
    enum Command: Sendable {
        case call(id: UInt64, DBusMethodCall, timeout: Duration, reply: Reply?)
        case cancel(id: UInt64)
        case close
    }

    /// What the connection learned while connecting.
    struct ConnectionInfo: Sendable {
        var uniqueName: String
        var canPassUnixFDs: Bool
    }

    /// State shared between the loop thread and everyone else.
    struct Shared {
        var commands: [Command] = []
        /// Set once the loop has stopped; later work fails with it at once.
        var stopReason: DBusError?
        var subscribers: [UInt64: Subscriber] = [:]
        var nextID: UInt64 = 1
    }

    /// A receiver of signals: where to deliver and how to end its stream.
    struct Subscriber: Sendable {
        var selector: DBusSignalSelector
        var deliver: @Sendable (DBusSignal) -> Void
        var finish: @Sendable () -> Void
    }

    /// A call awaiting its reply.
    struct PendingCall {
        var id: UInt64
        var reply: Reply
        var deadline: ContinuousClock.Instant
        var timeout: Duration
        var context: String
    }

    let address: DBusAddress
    let shared = Mutex(Shared())
    /// What the signal streams were handed and lost (``DBusConnection/signalStatistics``).
    let signalCounters = DBusSignalCounters()
    /// Read and write ends of the pipe that wakes the loop thread from `poll`.
    private let wakeRead: Int32
    private let wakeWrite: Int32

    // Loop thread only.
    var connection: OpaquePointer?
    var pending: [OpaquePointer: PendingCall] = [:]
    var lostConnection = false
    /// The header strings of the last signal, reused while they repeat: a flood of notifications from one
    /// characteristic then costs no string allocation per signal, and its buffered signals share the storage.
    var lastHeader = (sender: "", path: "", interface: "", member: "")

    private init(address: DBusAddress, wakePipe: (read: Int32, write: Int32)) {
        self.address = address
        self.wakeRead = wakePipe.read
        self.wakeWrite = wakePipe.write
    }

    deinit {
        Glibc.close(wakeRead)
        Glibc.close(wakeWrite)
    }

    /// Starts the thread, connects to `address` on it and returns once the bus has accepted the connection.
    static func start(address: DBusAddress) async throws(DBusError) -> (DBusDispatchLoop, ConnectionInfo) {
        let loop = DBusDispatchLoop(address: address, wakePipe: try makeWakePipe())
        let result = await withCheckedContinuation {
            (ready: CheckedContinuation<Result<ConnectionInfo, DBusError>, Never>) in
            let thread = Thread { loop.threadMain(ready: ready) }
            thread.name = "dbus-dispatch"
            thread.start()
        }
        return (loop, try result.get())
    }

    // MARK: - Any thread

    /// Queues a command and wakes the loop; returns the stop reason instead if the loop has stopped.
    func enqueue(_ command: Command) -> DBusError? {
        if let reason = shared.withLock({ state -> DBusError? in
            if let reason = state.stopReason { return reason }
            state.commands.append(command)
            return nil
        }) {
            return reason
        }
        wake()
        return nil
    }

    /// Asks the loop to close the connection; pending calls fail and signal streams end.
    func close() {
        _ = enqueue(.close)
    }

    /// Whether the loop still runs (the connection may still be found broken at its next turn).
    var isRunning: Bool {
        shared.withLock { $0.stopReason == nil }
    }

    func wake() {
        // A full pipe already guarantees a wake-up, so a failed (EAGAIN) write needs no handling.
        var byte: UInt8 = 1
        _ = Glibc.write(wakeWrite, &byte, 1)
    }

    // MARK: - Loop thread

    private func threadMain(ready: CheckedContinuation<Result<ConnectionInfo, DBusError>, Never>) {
        let conn: OpaquePointer
        switch Self.open(address) {
        case .failure(let error):
            shared.withLock { $0.stopReason = error }
            ready.resume(returning: .failure(error))
            return
        case .success(let opened):
            conn = opened
        }
        connection = conn
        let userData = Unmanaged.passUnretained(self).toOpaque()
        guard dbus_connection_add_filter(conn, dispatchLoopFilter, userData, nil) != 0 else {
            let error = DBusError.noMemory(context: "adding a message filter")
            shared.withLock { $0.stopReason = error }
            dbus_connection_close(conn)
            dbus_connection_unref(conn)
            ready.resume(returning: .failure(error))
            return
        }
        let info = ConnectionInfo(
            uniqueName: dbus_bus_get_unique_name(conn).map { String(cString: $0) } ?? "",
            canPassUnixFDs: dbus_connection_can_send_type(conn, CDBUS_TYPE_UNIX_FD) != 0)
        ready.resume(returning: .success(info))

        let reason = run(conn)
        stop(conn, reason: reason)
    }

    /// Runs until the connection is lost or closed; returns why.
    private func run(_ conn: OpaquePointer) -> DBusError {
        var socket: Int32 = -1
        guard dbus_connection_get_unix_fd(conn, &socket) != 0 else {
            return .disconnected("libdbus exposes no socket for the bus at \(address)")
        }
        while true {
            if let reason = runCommands(conn) { return reason }
            while dbus_connection_dispatch(conn) == DBUS_DISPATCH_DATA_REMAINS {}
            if lostConnection || dbus_connection_get_is_connected(conn) == 0 {
                return .disconnected(
                    "Lost the connection to the bus at \(address): the bus daemon exited or closed the socket")
            }
            expireCalls()

            let writing = dbus_connection_has_messages_to_send(conn) != 0
            var fds = [
                pollfd(fd: socket, events: Int16(POLLIN) | (writing ? Int16(POLLOUT) : 0), revents: 0),
                pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0),
            ]
            if poll(&fds, 2, pollTimeoutMilliseconds()) < 0 {
                if errno == EINTR { continue }
                return .disconnected("poll() failed on the bus socket: errno \(errno)")
            }
            if fds[1].revents != 0 {
                var drain = [UInt8](repeating: 0, count: 64)
                while Glibc.read(wakeRead, &drain, drain.count) == drain.count {}
            }
            if fds[0].revents != 0 {
                // Non-blocking: poll said the socket is ready. A hang-up shows up as a disconnection next turn.
                dbus_connection_read_write(conn, 0)
            }
        }
    }

    /// Runs queued commands; returns the stop reason when one of them asks to close.
    private func runCommands(_ conn: OpaquePointer) -> DBusError? {
        let commands = shared.withLock { state in
            defer { state.commands = [] }
            return state.commands
        }
        for (index, command) in commands.enumerated() {
            switch command {
            case .call(let id, let call, let timeout, let reply):
                send(call, id: id, timeout: timeout, reply: reply, on: conn)
            case .cancel(let id):
                cancelCall(id: id)
            case .close:
                // Commands queued behind the close go back, for `stop` to fail them with the close reason.
                shared.withLock { $0.commands.insert(contentsOf: commands[(index + 1)...], at: 0) }
                return .disconnected("The connection was closed by its owner")
            }
        }
        return nil
    }

    /// Ends everything: no more commands, pending calls and queued calls fail, streams finish, the handle goes.
    private func stop(_ conn: OpaquePointer, reason: DBusError) {
        let (commands, subscribers) = shared.withLock { state in
            state.stopReason = reason
            defer {
                state.commands = []
                state.subscribers = [:]
            }
            return (state.commands, Array(state.subscribers.values))
        }
        for case .call(_, let call, _, let reply?) in commands {
            reply.resume(returning: .failure(reason.adding(context: call.context)))
        }
        failAllCalls(reason)
        // Outside the lock: finishing a stream runs its onTermination, which takes the lock.
        for subscriber in subscribers { subscriber.finish() }
        dbus_connection_remove_filter(conn, dispatchLoopFilter, Unmanaged.passUnretained(self).toOpaque())
        dbus_connection_close(conn)
        dbus_connection_unref(conn)
        connection = nil
    }
}

/// A non-blocking, close-on-exec pipe (eventfd and pipe2 are not visible to Swift through Glibc).
private func makeWakePipe() throws(DBusError) -> (read: Int32, write: Int32) {
    var fds: [Int32] = [-1, -1]
    guard pipe(&fds) == 0 else {
        throw DBusError(
            name: DBusError.Name.failed, message: "Cannot create the dispatch thread's wake pipe: errno \(errno)")
    }
    for fd in fds {
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    }
    return (fds[0], fds[1])
}
