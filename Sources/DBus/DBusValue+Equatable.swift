// Written out by hand because the dictionary case holds tuples, which cannot synthesize conformances.
extension DBusValue: Equatable {
    /// Two values are equal when they have the same type and equal contents; file descriptors compare by identity.
    public static func == (lhs: DBusValue, rhs: DBusValue) -> Bool {
        switch (lhs, rhs) {
        case (.byte(let a), .byte(let b)): a == b
        case (.bool(let a), .bool(let b)): a == b
        case (.int16(let a), .int16(let b)): a == b
        case (.uint16(let a), .uint16(let b)): a == b
        case (.int32(let a), .int32(let b)): a == b
        case (.uint32(let a), .uint32(let b)): a == b
        case (.int64(let a), .int64(let b)): a == b
        case (.uint64(let a), .uint64(let b)): a == b
        case (.double(let a), .double(let b)): a == b
        case (.string(let a), .string(let b)), (.objectPath(let a), .objectPath(let b)),
            (.signature(let a), .signature(let b)):
            a == b
        case (.unixFD(let a), .unixFD(let b)): a === b
        case (.array(let a), .array(let b)), (.structure(let a), .structure(let b)): a == b
        case (.dictionary(let a), .dictionary(let b)):
            a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        case (.variant(let a), .variant(let b)): a == b
        default: false
        }
    }
}
