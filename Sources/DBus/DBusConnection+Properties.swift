// Conveniences over org.freedesktop.DBus.Properties and ObjectManager, the two interfaces BlueZ state lives in.
extension DBusConnection {
    private static let propertiesInterface = "org.freedesktop.DBus.Properties"

    /// Reads one property (`Properties.Get`), returning the value inside its variant.
    ///
    /// - Throws: ``DBusError``, e.g. ``DBusError/Name/unknownProperty`` or ``DBusError/Name/invalidArgs``.
    public func property(
        _ name: String, interface: String, path: String, destination: String, timeout: Duration = defaultTimeout
    ) async throws(DBusError) -> DBusValue {
        let reply = try await call(
            destination: destination, path: path, interface: Self.propertiesInterface, member: "Get",
            signature: "ss", arguments: [.string(interface), .string(name)], timeout: timeout)
        guard reply.count == 1, let value = reply.first else {
            throw Self.unexpectedReply(reply, expected: "v", member: "Get", path: path)
        }
        return value.unwrapped
    }

    /// Writes one property (`Properties.Set`); `value` is sent inside a variant.
    ///
    /// ```swift
    /// try await bus.setProperty("Powered", to: .bool(true), interface: "org.bluez.Adapter1",
    ///                           path: "/org/bluez/hci0", destination: "org.bluez")
    /// ```
    /// - Throws: ``DBusError``, e.g. `org.bluez.Error.Blocked` for an rfkill-blocked adapter.
    public func setProperty(
        _ name: String, to value: DBusValue, interface: String, path: String, destination: String,
        timeout: Duration = defaultTimeout
    ) async throws(DBusError) {
        try await call(
            destination: destination, path: path, interface: Self.propertiesInterface, member: "Set",
            signature: "ssv", arguments: [.string(interface), .string(name), .variant(value.unwrapped)],
            timeout: timeout)
    }

    /// Reads all properties of one interface (`Properties.GetAll`), values unwrapped from their variants.
    public func properties(
        interface: String, path: String, destination: String, timeout: Duration = defaultTimeout
    ) async throws(DBusError) -> [String: DBusValue] {
        let reply = try await call(
            destination: destination, path: path, interface: Self.propertiesInterface, member: "GetAll",
            signature: "s", arguments: [.string(interface)], timeout: timeout)
        guard reply.count == 1, let properties = reply[0].dictionary else {
            throw Self.unexpectedReply(reply, expected: "a{sv}", member: "GetAll", path: path)
        }
        return properties.mapValues(\.unwrapped)
    }

    /// The whole object tree below an ObjectManager (`GetManagedObjects`, `a{oa{sa{sv}}}`):
    /// object path → interface → property → value (unwrapped from its variant).
    public func managedObjects(
        destination: String, path: String = "/", timeout: Duration = defaultTimeout
    ) async throws(DBusError) -> [String: [String: [String: DBusValue]]] {
        let reply = try await call(
            destination: destination, path: path, interface: "org.freedesktop.DBus.ObjectManager",
            member: "GetManagedObjects", timeout: timeout)
        guard reply.count == 1, let objects = reply[0].dictionary else {
            throw Self.unexpectedReply(reply, expected: "a{oa{sa{sv}}}", member: "GetManagedObjects", path: path)
        }
        let malformed = Self.unexpectedReply(reply, expected: "a{oa{sa{sv}}}", member: "GetManagedObjects", path: path)
        var tree: [String: [String: [String: DBusValue]]] = [:]
        for (objectPath, interfaces) in objects {
            guard let interfaces = interfaces.dictionary else { throw malformed }
            var byInterface: [String: [String: DBusValue]] = [:]
            for (interface, properties) in interfaces {
                guard let properties = properties.dictionary else { throw malformed }
                byInterface[interface] = properties.mapValues(\.unwrapped)
            }
            tree[objectPath] = byInterface
        }
        return tree
    }

    private static func unexpectedReply(_ reply: [DBusValue], expected: String, member: String, path: String)
        -> DBusError
    {
        DBusError(
            name: DBusError.Name.invalidSignature,
            message: "Expected a reply of type '\(expected)', got (\(reply.map(\.brief).joined(separator: ", ")))",
            context: "calling \(member) on \(path)")
    }
}
