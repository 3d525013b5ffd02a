/// A decoded D-Bus value, or one to encode as a method-call argument.
///
/// Every D-Bus type has a case. Arrays of bytes (`ay`) are `.array` of `.byte` (read them with ``bytes``),
/// dictionaries (`a{kv}`) keep their entries in wire order, and a variant (`v`) wraps the value it carries.
/// The typed accessors (``string``, ``bool``, ``dictionary`` …) look through variants, so
/// `properties["Powered"]?.bool` works on an `a{sv}` entry.
///
/// ```swift
/// let filter: DBusValue = .dictionary([
///     "UUIDs": .array([.string("0000180d-0000-1000-8000-00805f9b34fb")]),
///     "Transport": .string("le"),
/// ])
/// try await connection.call(destination: "org.bluez", path: "/org/bluez/hci0", interface: "org.bluez.Adapter1",
///                           member: "SetDiscoveryFilter", signature: "a{sv}", arguments: [filter])
/// ```
public enum DBusValue: Sendable {
    /// `y`: an unsigned 8-bit integer.
    case byte(UInt8)
    /// `b`: a boolean.
    case bool(Bool)
    /// `n`: a signed 16-bit integer (e.g. BlueZ's `RSSI`).
    case int16(Int16)
    /// `q`: an unsigned 16-bit integer (e.g. the MTU returned by `AcquireNotify`).
    case uint16(UInt16)
    /// `i`: a signed 32-bit integer.
    case int32(Int32)
    /// `u`: an unsigned 32-bit integer.
    case uint32(UInt32)
    /// `x`: a signed 64-bit integer.
    case int64(Int64)
    /// `t`: an unsigned 64-bit integer.
    case uint64(UInt64)
    /// `d`: an IEEE 754 double.
    case double(Double)
    /// `s`: a UTF-8 string without NUL characters.
    case string(String)
    /// `o`: an object path such as `/org/bluez/hci0`.
    case objectPath(String)
    /// `g`: a type signature such as `a{sv}`.
    case signature(String)
    /// `h`: a Unix file descriptor. A received one is a duplicate owned by the receiver; see ``DBusFileDescriptor``.
    case unixFD(DBusFileDescriptor)
    /// `a…`: an array; every element has the same type.
    case array([DBusValue])
    /// `a{kv}`: a dictionary in wire order; keys are basic values (strings, paths, integers …).
    case dictionary([(key: DBusValue, value: DBusValue)])
    /// `(…)`: a structure of fields.
    case structure([DBusValue])
    /// `v`: a value together with its own type.
    indirect case variant(DBusValue)
}

// MARK: - Building values

extension DBusValue {
    /// An `ay` value from raw bytes.
    public static func bytes(_ bytes: [UInt8]) -> DBusValue {
        .array(bytes.map(DBusValue.byte))
    }

    /// A string-keyed dictionary (`a{sv}`, `a{ss}` …), with keys sorted so that encoding is deterministic.
    ///
    /// When it is encoded as `a{sv}`, values that are not already variants are wrapped in one.
    public static func dictionary(_ entries: [String: DBusValue]) -> DBusValue {
        .dictionary(entries.sorted { $0.key < $1.key }.map { (key: DBusValue.string($0.key), value: $0.value) })
    }

    /// An `as` value from strings.
    public static func strings(_ strings: [String]) -> DBusValue {
        .array(strings.map(DBusValue.string))
    }
}
