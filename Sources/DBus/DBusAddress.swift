#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a bus listens, in D-Bus address syntax (e.g. `unix:path=/run/dbus/system_bus_socket`).
///
/// Use ``system`` for BlueZ: it honours `DBUS_SYSTEM_BUS_ADDRESS`, which is how tests and containers point a
/// system-bus client at a private `dbus-daemon`.
public struct DBusAddress: Sendable, Hashable, CustomStringConvertible {
    /// The address string passed to libdbus.
    public var rawValue: String

    /// The system bus's default socket, used when `DBUS_SYSTEM_BUS_ADDRESS` is unset or empty.
    public static let defaultSystemBus = DBusAddress("unix:path=/run/dbus/system_bus_socket")

    /// An address in D-Bus syntax, e.g. the first line printed by `dbus-daemon --print-address`.
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    /// The system bus: `DBUS_SYSTEM_BUS_ADDRESS` from the process environment, read now, else ``defaultSystemBus``.
    public static var system: DBusAddress {
        let value = getenv("DBUS_SYSTEM_BUS_ADDRESS").map { String(cString: $0) }
        return system(environment: value.map { ["DBUS_SYSTEM_BUS_ADDRESS": $0] } ?? [:])
    }

    /// The system bus as `environment` describes it: its `DBUS_SYSTEM_BUS_ADDRESS`, else ``defaultSystemBus``.
    public static func system(environment: [String: String]) -> DBusAddress {
        guard let value = environment["DBUS_SYSTEM_BUS_ADDRESS"], !value.isEmpty else { return defaultSystemBus }
        return DBusAddress(value)
    }

    /// The address string.
    public var description: String { rawValue }
}
