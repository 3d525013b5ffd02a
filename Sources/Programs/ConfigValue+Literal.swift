import HubCore

extension ConfigValue {
    /// The value as written in a program file, for messages: a string quoted and cut short with its control
    /// characters escaped (`ProgramText`), a list or table as `[…]` or `{…}`.
    var programLiteral: String {
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
}
