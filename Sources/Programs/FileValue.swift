import TOMLKit

/// A value read from a program file, apart from the TOML library.
enum FileValue: Sendable, Equatable {
    case string(String)
    case integer(Int)
    case float(Double)
    case boolean(Bool)
    case array([FileValue])
    case table([String: FileValue])
    /// Dates and times, which no key of a program takes, kept as their TOML text.
    case other(String)

    /// How the value's type is named in messages.
    var typeName: String {
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

    /// The value as written in the file, for messages: cut short, control characters escaped.
    var literal: String {
        switch self {
        case .string(let text): ProgramText.quoted(text)
        case .integer(let number): String(number)
        case .float(let number): String(number)
        case .boolean(let flag): String(flag)
        case .array: "[…]"
        case .table: "{…}"
        case .other(let text): ProgramText.printable(text)
        }
    }

    init(_ value: TOMLValueConvertible) {
        let value = value.tomlValue
        switch value.type {
        case .string: self = .string(value.string ?? "")
        case .int: self = .integer(value.int ?? 0)
        case .double: self = .float(value.double ?? 0)
        case .bool: self = .boolean(value.bool ?? false)
        case .array: self = .array(value.array.map { $0.map(FileValue.init) } ?? [])
        case .table: self = .table(value.table.map(Self.dictionary(from:)) ?? [:])
        case .date, .time, .dateTime: self = .other(value.debugDescription)
        }
    }

    static func dictionary(from table: TOMLTable) -> [String: FileValue] {
        var dictionary: [String: FileValue] = [:]
        for (key, value) in table { dictionary[key] = FileValue(value) }
        return dictionary
    }
}
