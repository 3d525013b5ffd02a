internal import CDBus

/// A method call described in Swift values, turned into a libdbus message on the dispatch thread.
struct DBusMethodCall: Sendable {
    var destination: String
    var path: String
    var interface: String
    var member: String
    /// The arguments' signature; nil means "infer from the values".
    var signature: String?
    var arguments: [DBusValue]

    /// Said in errors, e.g. `calling org.bluez.Adapter1.StartDiscovery on /org/bluez/hci0 at org.bluez`.
    var context: String {
        "calling \(interface).\(member) on \(path) at \(destination)"
    }

    /// Builds the message; the caller owns the returned reference and must unref it.
    ///
    /// - Throws: ``DBusError`` with ``DBusError/Name/invalidArgs`` for names, paths or values D-Bus would reject.
    func makeMessage() throws(DBusError) -> OpaquePointer {
        try DBusNames.validateBusName(destination)
        try DBusNames.validatePath(path)
        try DBusNames.validateInterface(interface)
        try DBusNames.validateMember(member)
        guard let message = dbus_message_new_method_call(destination, path, interface, member) else {
            throw DBusError.noMemory(context: context)
        }
        do {
            try DBusValue.append(arguments, signature: signature, to: message)
        } catch {
            dbus_message_unref(message)
            throw error
        }
        return message
    }
}
