// The text form follows GVariant's (`gdbus call` output), which people debugging BlueZ already know.
extension DBusValue: CustomStringConvertible {
    /// A GVariant-like text form, e.g. `{'Powered': <true>, 'Address': <'00:01:02:03:04:05'>}`.
    public var description: String {
        switch self {
        case .byte(let v): "byte 0x\(String(v, radix: 16))"
        case .bool(let v): "\(v)"
        case .int16(let v): "int16 \(v)"
        case .uint16(let v): "uint16 \(v)"
        case .int32(let v): "\(v)"
        case .uint32(let v): "uint32 \(v)"
        case .int64(let v): "int64 \(v)"
        case .uint64(let v): "uint64 \(v)"
        case .double(let v): "\(v)"
        case .string(let v): "'\(v)'"
        case .objectPath(let v): "objectpath '\(v)'"
        case .signature(let v): "signature '\(v)'"
        case .unixFD(let fd): "handle \(fd.rawValue.map(String.init) ?? "closed")"
        case .array(let elements): "[\(elements.map(\.description).joined(separator: ", "))]"
        case .dictionary(let entries):
            "{\(entries.map { "\($0.key): \($0.value)" }.joined(separator: ", "))}"
        case .structure(let fields): "(\(fields.map(\.description).joined(separator: ", ")))"
        case .variant(let inner): "<\(inner)>"
        }
    }
}
