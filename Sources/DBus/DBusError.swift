/// An error reported by D-Bus: an error reply from a peer or the bus, or a local failure of the wrapper.
///
/// It mirrors libdbus's `DBusError`: a dotted error `name` (match on it, e.g.
/// `org.bluez.Error.Failed` or ``DBusError/Name/serviceUnknown``) and a human-readable `message` (show it, don't
/// parse it). `context` says what the wrapper was doing, e.g. which method on which object.
///
/// ```swift
/// do {
///     _ = try await connection.call(
///         destination: "org.bluez", path: device, interface: "org.bluez.Device1", member: "Connect")
/// } catch let error where error.name == "org.bluez.Error.AlreadyConnected" {
///     // already there
/// }
/// ```
public struct DBusError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The D-Bus error name, e.g. `org.freedesktop.DBus.Error.ServiceUnknown`.
    public var name: String
    /// The message that came with the error, as written by whoever raised it.
    public var message: String
    /// What the wrapper was doing when the error happened, e.g. `calling org.bluez.Device1.Connect on /org/bluez/hci0/dev_…`.
    public var context: String?

    /// Creates an error with a D-Bus error name, a message and optional context.
    public init(name: String, message: String, context: String? = nil) {
        self.name = name
        self.message = message
        self.context = context
    }

    /// A sentence a person can act on: the name, the message, where it happened and, for well-known names, a hint.
    public var description: String {
        var text = "\(name): \(message)"
        if let context { text += " (while \(context))" }
        if let hint = Self.hint(for: name) { text += ". \(hint)" }
        return text
    }

    /// Returns this error with `context` set, keeping an existing context.
    func adding(context: String) -> DBusError {
        var copy = self
        if copy.context == nil { copy.context = context }
        return copy
    }

    private static func hint(for name: String) -> String? {
        switch name {
        case Name.serviceUnknown, Name.nameHasNoOwner:
            "The service is not running on this bus; start it (for BlueZ: `systemctl start bluetooth`) or check the bus address"
        case Name.noReply:
            "The peer did not answer in time; it may be busy or hung. Retry, or raise the timeout for slow operations"
        case Name.disconnected:
            "The bus connection is gone; create a new DBusConnection once the bus is back"
        case Name.accessDenied:
            "The bus policy refused this; check the D-Bus policy files and the user's groups (e.g. `bluetooth`)"
        case Name.unknownObject:
            "The object path does not exist (any more); re-read the object tree, e.g. with GetManagedObjects"
        case Name.unknownMethod, Name.unknownInterface, Name.unknownProperty:
            "The object does not implement this; check the interface name and the service's version"
        case Name.noServer, Name.fileNotFound:
            "No bus listens at this address; check that dbus-daemon runs and DBUS_SYSTEM_BUS_ADDRESS, if set"
        case Name.invalidArgs, Name.invalidSignature:
            "The arguments do not fit the method's signature; this is a bug in the caller"
        default:
            nil
        }
    }
}

// MARK: - Local errors

extension DBusError {
    /// The peer did not reply within `timeout`.
    static func noReply(after timeout: Duration, context: String) -> DBusError {
        DBusError(name: Name.noReply, message: "Did not receive a reply within \(timeout)", context: context)
    }

    /// The connection was lost (bus daemon gone) or closed by its owner.
    static func disconnected(_ message: String, context: String? = nil) -> DBusError {
        DBusError(name: Name.disconnected, message: message, context: context)
    }

    /// Arguments that cannot be encoded, or names and paths that D-Bus would reject.
    static func invalidArguments(_ message: String, context: String? = nil) -> DBusError {
        DBusError(name: Name.invalidArgs, message: message, context: context)
    }

    /// The awaiting task was cancelled before the reply came.
    static func cancelled(context: String) -> DBusError {
        DBusError(name: Name.cancelled, message: "The call was cancelled before a reply arrived", context: context)
    }

    /// libdbus could not allocate memory.
    static func noMemory(context: String) -> DBusError {
        DBusError(name: Name.noMemory, message: "libdbus ran out of memory", context: context)
    }
}
