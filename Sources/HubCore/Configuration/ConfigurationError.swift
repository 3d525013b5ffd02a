/// A configuration file the hub cannot use: what is wrong, where (file, line, key), and how to fix it.
///
/// `stayfit` exits with status 78 (`EX_CONFIG`) on any of these.
public struct ConfigurationError: Error, CustomStringConvertible, Sendable, Equatable {
    /// What kind of mistake it is; tests match on this.
    public enum Kind: Sendable, Equatable {
        case unreadable, syntax, unknownKey, wrongType, outOfRange, invalidValue
        /// Tables, keys or lists nested deeper than the parser can follow without exhausting the stack.
        case tooDeep
    }

    public let kind: Kind
    /// The file as the user named it.
    public let file: String
    /// 1-based line, when it could be found.
    public let line: Int?
    /// Dotted key path, e.g. `plugins.simulator.file`.
    public let key: String?
    /// What is wrong, in plain words.
    public let problem: String
    /// What to do about it.
    public let fix: String

    public init(kind: Kind, file: String, line: Int?, key: String?, problem: String, fix: String) {
        self.kind = kind
        self.file = file
        self.line = line
        self.key = key
        self.problem = problem
        self.fix = fix
    }

    /// The exit status for configuration errors (`EX_CONFIG` from sysexits.h).
    public static let exitCode: Int32 = 78

    /// The message, safe to print: control characters escaped, and an overlong key or problem (which may
    /// quote the file, e.g. a plugin name of a megabyte) cut short. Values are already cut where quoted.
    public var description: String {
        var location = Format.printable(file, limit: nil)
        if let line { location += ":\(line)" }
        let subject = key.map { "\(Format.printable($0, limit: 80)): " } ?? ""
        return "\(location): \(subject)\(Format.printable(problem, limit: 300)). \(Format.printable(fix, limit: nil))"
    }
}
