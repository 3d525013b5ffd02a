internal import CDBus

// Opening the connection, on the loop thread: the connect and the `Hello` round trip both block.
extension DBusDispatchLoop {
    /// Connects to `address` and registers with the bus; the caller owns the returned connection.
    static func open(_ address: DBusAddress) -> Result<OpaquePointer, DBusError> {
        let context = "connecting to the bus at \(address)"
        do throws(DBusError) { try DBusNames.rejectNUL(address.rawValue) } catch { return .failure(error) }
        dbus_threads_init_default()
        var error = CDBus.DBusError()
        dbus_error_init(&error)
        defer { dbus_error_free(&error) }
        guard let conn = dbus_connection_open_private(address.rawValue, &error) else {
            return .failure(DBusError(error, context: context))
        }
        // The default `_exit(1)`s the whole process when the bus goes away; the hub must survive that and report it.
        dbus_connection_set_exit_on_disconnect(conn, 0)
        guard dbus_bus_register(conn, &error) != 0 else {
            dbus_connection_close(conn)
            dbus_connection_unref(conn)
            return .failure(DBusError(error, context: context))
        }
        return .success(conn)
    }
}

extension DBusError {
    /// Copies a libdbus error out (the C strings die with `dbus_error_free`).
    init(_ error: CDBus.DBusError, context: String?) {
        self.init(
            name: error.name.map { String(cString: $0) } ?? DBusError.Name.failed,
            message: error.message.map { String(cString: $0) } ?? "Unknown libdbus error",
            context: context)
    }
}
