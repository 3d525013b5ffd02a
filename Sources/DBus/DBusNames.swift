internal import CDBus

/// Checks names and paths before they reach libdbus, which aborts the process on invalid ones.
enum DBusNames {
    static func validatePath(_ path: String) throws(DBusError) {
        try validate(path, what: "object path", with: dbus_validate_path)
    }

    static func validateBusName(_ name: String) throws(DBusError) {
        try validate(name, what: "bus name", with: dbus_validate_bus_name)
    }

    static func validateInterface(_ name: String) throws(DBusError) {
        try validate(name, what: "interface name", with: dbus_validate_interface)
    }

    static func validateMember(_ name: String) throws(DBusError) {
        try validate(name, what: "member name", with: dbus_validate_member)
    }

    /// D-Bus strings end at the first NUL, so a Swift string holding one would be silently cut.
    static func rejectNUL(_ string: String) throws(DBusError) {
        guard !string.utf8.contains(0) else {
            throw DBusError.invalidArguments("The string \"\(string.prefix(40))…\" contains a NUL character")
        }
    }

    private static func validate(
        _ value: String, what: String,
        with check: (UnsafePointer<CChar>?, UnsafeMutablePointer<CDBus.DBusError>?) -> dbus_bool_t
    ) throws(DBusError) {
        try rejectNUL(value)
        var error = CDBus.DBusError()
        dbus_error_init(&error)
        defer { dbus_error_free(&error) }
        guard value.withCString({ check($0, &error) }) != 0 else {
            let reason = error.message.map { String(cString: $0) } ?? "invalid"
            throw DBusError.invalidArguments("'\(value)' is not a valid \(what): \(reason)")
        }
    }
}
