import TOMLKit

/// A value read from the configuration file, independent of the TOML library.
public enum ConfigValue: Sendable, Equatable {
    case string(String)
    case integer(Int)
    case float(Double)
    case boolean(Bool)
    case array([ConfigValue])
    case table([String: ConfigValue])
    /// Dates and times, kept as their TOML text.
    case other(String)

    /// How the value's type is named in error messages.
    public var typeName: String {
        switch self {
        case .string: "a string"
        case .integer: "a whole number"
        case .float: "a number"
        case .boolean: "true or false"
        case .array: "a list"
        case .table: "a table"
        case .other: "a date or time"
        }
    }

    /// The value as it would be written in the file, for error messages: at most 60 characters (then `…`),
    /// control characters escaped.
    var literal: String { Format.printable(fullLiteral) }

    private var fullLiteral: String {
        switch self {
        case .string(let text): "\"\(text)\""
        case .integer(let number): String(number)
        case .float(let number): String(number)
        case .boolean(let flag): String(flag)
        case .array(let items): "[" + items.map(\.fullLiteral).joined(separator: ", ") + "]"
        case .table: "{…}"
        case .other(let text): text
        }
    }

    /// The value TOMLKit read, apart from TOMLKit.
    public init(_ value: TOMLValueConvertible) {
        let value = value.tomlValue
        switch value.type {
        case .string: self = .string(value.string ?? "")
        case .int: self = .integer(value.int ?? 0)
        case .double: self = .float(value.double ?? 0)
        case .bool: self = .boolean(value.bool ?? false)
        case .array: self = .array(value.array.map { $0.map(ConfigValue.init) } ?? [])
        case .table: self = .table(value.table.map(Self.dictionary(from:)) ?? [:])
        case .date, .time, .dateTime: self = .other(value.debugDescription)
        }
    }

    /// Every key of `table` with its value.
    public static func dictionary(from table: TOMLTable) -> [String: ConfigValue] {
        var dictionary: [String: ConfigValue] = [:]
        for (key, value) in table { dictionary[key] = ConfigValue(value) }
        return dictionary
    }
}
