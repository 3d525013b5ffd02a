// Typed accessors. Each looks through any number of variant wrappers and returns nil when the value has another
// type, so decoding a property is `props["Address"]?.string` rather than nested pattern matches.
extension DBusValue {
    /// The value inside any variant wrappers (the value itself when it is not a variant).
    public var unwrapped: DBusValue {
        var value = self
        while case .variant(let inner) = value { value = inner }
        return value
    }

    /// The value of a `y`.
    public var byte: UInt8? { if case .byte(let v) = unwrapped { v } else { nil } }
    /// The value of a `b`.
    public var bool: Bool? { if case .bool(let v) = unwrapped { v } else { nil } }
    /// The value of an `n`.
    public var int16: Int16? { if case .int16(let v) = unwrapped { v } else { nil } }
    /// The value of a `q`.
    public var uint16: UInt16? { if case .uint16(let v) = unwrapped { v } else { nil } }
    /// The value of an `i`.
    public var int32: Int32? { if case .int32(let v) = unwrapped { v } else { nil } }
    /// The value of a `u`.
    public var uint32: UInt32? { if case .uint32(let v) = unwrapped { v } else { nil } }
    /// The value of an `x`.
    public var int64: Int64? { if case .int64(let v) = unwrapped { v } else { nil } }
    /// The value of a `t`.
    public var uint64: UInt64? { if case .uint64(let v) = unwrapped { v } else { nil } }
    /// The value of a `d`.
    public var double: Double? { if case .double(let v) = unwrapped { v } else { nil } }
    /// The value of an `s` (not of an object path or signature; see ``objectPath`` and ``signature``).
    public var string: String? { if case .string(let v) = unwrapped { v } else { nil } }
    /// The value of an `o`.
    public var objectPath: String? { if case .objectPath(let v) = unwrapped { v } else { nil } }
    /// The value of a `g`.
    public var signature: String? { if case .signature(let v) = unwrapped { v } else { nil } }
    /// The descriptor of an `h`; the receiver owns it (see ``DBusFileDescriptor``).
    public var unixFD: DBusFileDescriptor? { if case .unixFD(let v) = unwrapped { v } else { nil } }
    /// The elements of an array (not of a dictionary; see ``entries``).
    public var array: [DBusValue]? { if case .array(let v) = unwrapped { v } else { nil } }
    /// The fields of a structure.
    public var structure: [DBusValue]? { if case .structure(let v) = unwrapped { v } else { nil } }
    /// The entries of a dictionary of any key type, in wire order.
    public var entries: [(key: DBusValue, value: DBusValue)]? {
        if case .dictionary(let v) = unwrapped { v } else { nil }
    }

    /// The bytes of an `ay` (e.g. a GATT `Value`); nil for any other type.
    public var bytes: [UInt8]? {
        guard let elements = array else { return nil }
        var result: [UInt8] = []
        result.reserveCapacity(elements.count)
        for element in elements {
            guard case .byte(let b) = element else { return nil }
            result.append(b)
        }
        return result
    }

    /// The strings of an `as`, `ao` or `ag` (e.g. `UUIDs`); nil for any other type.
    public var strings: [String]? {
        guard let elements = array else { return nil }
        var result: [String] = []
        result.reserveCapacity(elements.count)
        for element in elements {
            switch element {
            case .string(let s), .objectPath(let s), .signature(let s): result.append(s)
            default: return nil
            }
        }
        return result
    }

    /// A dictionary keyed by strings, object paths or signatures (`a{sv}`, `a{oa{sa{sv}}}` …).
    ///
    /// Values are returned as they are (an `a{sv}` gives variants; the accessors look through them).
    /// Nil for non-dictionaries and for other key types; a repeated key keeps its last value.
    public var dictionary: [String: DBusValue]? {
        guard let entries else { return nil }
        var result: [String: DBusValue] = [:]
        result.reserveCapacity(entries.count)
        for entry in entries {
            switch entry.key {
            case .string(let key), .objectPath(let key), .signature(let key): result[key] = entry.value
            default: return nil
            }
        }
        return result
    }
}
