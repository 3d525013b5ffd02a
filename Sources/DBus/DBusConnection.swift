/// A private connection to a D-Bus message bus, driven by its own thread.
///
/// Connecting, sending, receiving and timeouts all happen on one dedicated thread, so awaiting a call never blocks
/// a Swift cooperative thread. The process does not exit when the bus goes away (libdbus's default): pending calls
/// then fail with ``DBusError/Name/disconnected`` and signal streams finish; create a new connection to go on.
///
/// ```swift
/// let bus = try await DBusConnection(address: .system)   // honours DBUS_SYSTEM_BUS_ADDRESS
/// let objects = try await bus.managedObjects(destination: "org.bluez")
/// let powered = objects["/org/bluez/hci0"]?["org.bluez.Adapter1"]?["Powered"]?.bool
/// ```
///
/// The connection closes when ``close()`` is called or the last reference goes away; keep it alive as long as
/// its signal streams are needed.
public final class DBusConnection: Sendable {
    /// The default time to wait for a reply, as in libdbus.
    public static let defaultTimeout: Duration = .seconds(25)

    /// The bus this connection talks to.
    public let address: DBusAddress
    /// The unique name the bus gave this connection, e.g. `:1.42`.
    public let uniqueName: String
    /// Whether Unix file descriptors (`h`, e.g. from `AcquireNotify`) can pass over this connection.
    public let canPassUnixFileDescriptors: Bool

    let loop: DBusDispatchLoop

    /// Connects to the bus at `address` and registers with it (the `Hello` call).
    ///
    /// - Parameter address: Where the bus listens; ``DBusAddress/system`` by default.
    /// - Throws: ``DBusError`` when nothing listens there (e.g. `…Error.NoServer` or `…FileNotFound`), or the bus
    ///   refuses the connection.
    public init(address: DBusAddress = .system) async throws(DBusError) {
        let (loop, info) = try await DBusDispatchLoop.start(address: address)
        self.loop = loop
        self.address = address
        self.uniqueName = info.uniqueName
        self.canPassUnixFileDescriptors = info.canPassUnixFDs
    }

    deinit {
        loop.close()
    }

    /// Whether the connection is still up, as far as the dispatch thread knows.
    public var isConnected: Bool {
        loop.isRunning
    }

    /// Closes the connection: pending calls fail with ``DBusError/Name/disconnected`` and signal streams finish.
    ///
    /// It returns at once; the dispatch thread finishes the work and exits. Calling it again does nothing.
    public func close() {
        loop.close()
    }

    /// Calls a method and returns the reply's arguments.
    ///
    /// - Parameters:
    ///   - destination: The bus name of the peer, e.g. `org.bluez`.
    ///   - path: The object path, e.g. `/org/bluez/hci0`.
    ///   - interface: The interface, e.g. `org.bluez.Adapter1`.
    ///   - member: The method name, e.g. `SetDiscoveryFilter`.
    ///   - signature: The signature of `arguments`, e.g. `a{sv}`; when nil it is inferred from the values, which
    ///     fails for empty arrays and dictionaries. Values where the signature says `v` are wrapped in variants.
    ///   - arguments: The arguments, in order.
    ///   - timeout: How long to wait for the reply before failing with ``DBusError/Name/noReply``.
    /// - Returns: The decoded arguments of the reply (empty for methods that return nothing).
    /// - Throws: ``DBusError`` carrying the peer's error name (e.g. `org.bluez.Error.Failed`,
    ///   `…ServiceUnknown`, `…UnknownMethod`), `…NoReply` after `timeout`, `…Disconnected` when the connection is
    ///   lost, `…InvalidArgs` when the names or values cannot be sent, or ``DBusError/Name/cancelled`` when the task
    ///   is cancelled.
    @discardableResult
    public func call(
        destination: String, path: String, interface: String, member: String,
        signature: String? = nil, arguments: [DBusValue] = [], timeout: Duration = defaultTimeout
    ) async throws(DBusError) -> [DBusValue] {
        let call = DBusMethodCall(
            destination: destination, path: path, interface: interface, member: member,
            signature: signature ?? (arguments.isEmpty ? "" : nil), arguments: arguments)
        // A year is "forever" here and keeps deadline arithmetic far from overflowing.
        let timeout = min(max(timeout, .zero), .seconds(365 * 24 * 3600))
        return try await loop.call(call, timeout: timeout).get()
    }
}
