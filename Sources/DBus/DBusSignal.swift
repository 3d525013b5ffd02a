/// A signal received on a connection, with its arguments decoded.
///
/// `sender` is the emitter's unique name (e.g. `:1.5`), also when the match rule named a well-known name such as
/// `org.bluez`, because the bus resolves names in rules but stamps signals with the unique name.
public struct DBusSignal: Sendable, Equatable, CustomStringConvertible {
    /// The unique bus name of the emitter, or `""` when the message carried none.
    public var sender: String
    /// The object path the signal was emitted from, e.g. `/org/bluez/hci0/dev_C0_FF_EE_00_00_01`.
    public var path: String
    /// The interface, e.g. `org.freedesktop.DBus.Properties`.
    public var interface: String
    /// The signal name, e.g. `PropertiesChanged`.
    public var member: String
    /// The decoded arguments, e.g. `s`, `a{sv}` and `as` for PropertiesChanged.
    public var arguments: [DBusValue]

    /// Creates a signal value (mainly for tests and fakes).
    public init(sender: String, path: String, interface: String, member: String, arguments: [DBusValue]) {
        self.sender = sender
        self.path = path
        self.interface = interface
        self.member = member
        self.arguments = arguments
    }

    /// `interface.member` from `sender` at `path`, with the arguments.
    public var description: String {
        "\(interface).\(member) from \(sender) at \(path): (\(arguments.map(\.description).joined(separator: ", ")))"
    }
}
