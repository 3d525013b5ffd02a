internal import CDBus

/// One complete D-Bus type, parsed from a signature; it drives encoding and checks values against it.
indirect enum DBusType: Equatable, Sendable {
    case byte, bool, int16, uint16, int32, uint32, int64, uint64, double
    case string, objectPath, signature, unixFD
    case variant
    case array(DBusType)
    case dictionary(key: DBusType, value: DBusType)
    case structure([DBusType])

    /// Parses a signature of zero or more complete types, e.g. `sa{sv}as`.
    ///
    /// libdbus validates first (nesting depth, dictionary key types …), because handing it an invalid signature
    /// later would abort the process.
    static func parse(_ signature: String) throws(DBusError) -> [DBusType] {
        guard !signature.utf8.contains(0),
            signature.withCString({ dbus_signature_validate($0, nil) }) != 0
        else {
            throw DBusError(
                name: DBusError.Name.invalidSignature, message: "'\(signature)' is not a valid D-Bus signature")
        }
        var parser = Parser(bytes: Array(signature.utf8))
        var types: [DBusType] = []
        while !parser.isAtEnd {
            guard let type = parser.parseOne() else {
                throw DBusError(name: DBusError.Name.invalidSignature, message: "Cannot parse signature '\(signature)'")
            }
            types.append(type)
        }
        return types
    }

    /// The signature text of this type, e.g. `a{sv}`.
    var signature: String {
        switch self {
        case .byte: "y"
        case .bool: "b"
        case .int16: "n"
        case .uint16: "q"
        case .int32: "i"
        case .uint32: "u"
        case .int64: "x"
        case .uint64: "t"
        case .double: "d"
        case .string: "s"
        case .objectPath: "o"
        case .signature: "g"
        case .unixFD: "h"
        case .variant: "v"
        case .array(let element): "a" + element.signature
        case .dictionary(let key, let value): "a{" + key.signature + value.signature + "}"
        case .structure(let fields): "(" + fields.map(\.signature).joined() + ")"
        }
    }

    /// The type a value would be sent as, or nil when that cannot be told from the value alone (an empty array
    /// or dictionary, or elements of mixed types).
    init?(inferredFrom value: DBusValue) {
        switch value {
        case .byte: self = .byte
        case .bool: self = .bool
        case .int16: self = .int16
        case .uint16: self = .uint16
        case .int32: self = .int32
        case .uint32: self = .uint32
        case .int64: self = .int64
        case .uint64: self = .uint64
        case .double: self = .double
        case .string: self = .string
        case .objectPath: self = .objectPath
        case .signature: self = .signature
        case .unixFD: self = .unixFD
        case .variant: self = .variant
        case .array(let elements):
            guard let first = elements.first, let element = DBusType(inferredFrom: first),
                elements.allSatisfy({ DBusType(inferredFrom: $0) == element })
            else { return nil }
            self = .array(element)
        case .dictionary(let entries):
            guard let first = entries.first, let key = DBusType(inferredFrom: first.key),
                let value = DBusType(inferredFrom: first.value),
                entries.allSatisfy({
                    DBusType(inferredFrom: $0.key) == key && DBusType(inferredFrom: $0.value) == value
                })
            else { return nil }
            self = .dictionary(key: key, value: value)
        case .structure(let fields):
            var types: [DBusType] = []
            for field in fields {
                guard let type = DBusType(inferredFrom: field) else { return nil }
                types.append(type)
            }
            guard !types.isEmpty else { return nil }
            self = .structure(types)
        }
    }
}

// MARK: - Parsing

extension DBusType {
    private struct Parser {
        let bytes: [UInt8]
        var index = 0

        var isAtEnd: Bool { index >= bytes.count }

        mutating func parseOne() -> DBusType? {
            guard index < bytes.count else { return nil }
            let code = bytes[index]
            index += 1
            switch code {
            case UInt8(ascii: "y"): return .byte
            case UInt8(ascii: "b"): return .bool
            case UInt8(ascii: "n"): return .int16
            case UInt8(ascii: "q"): return .uint16
            case UInt8(ascii: "i"): return .int32
            case UInt8(ascii: "u"): return .uint32
            case UInt8(ascii: "x"): return .int64
            case UInt8(ascii: "t"): return .uint64
            case UInt8(ascii: "d"): return .double
            case UInt8(ascii: "s"): return .string
            case UInt8(ascii: "o"): return .objectPath
            case UInt8(ascii: "g"): return .signature
            case UInt8(ascii: "h"): return .unixFD
            case UInt8(ascii: "v"): return .variant
            case UInt8(ascii: "a"):
                if index < bytes.count, bytes[index] == UInt8(ascii: "{") {
                    index += 1
                    guard let key = parseOne(), let value = parseOne(), consume(UInt8(ascii: "}")) else { return nil }
                    return .dictionary(key: key, value: value)
                }
                return parseOne().map(DBusType.array)
            case UInt8(ascii: "("):
                var fields: [DBusType] = []
                while !consume(UInt8(ascii: ")")) {
                    guard let field = parseOne() else { return nil }
                    fields.append(field)
                }
                return fields.isEmpty ? nil : .structure(fields)
            default:
                return nil
            }
        }

        private mutating func consume(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }
    }
}
