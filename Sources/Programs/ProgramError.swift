/// A program file that cannot be used: what is wrong, where (file, line, step, key), and how to fix it.
///
/// Reading a program either returns all of it or throws one of these; nothing half-read is returned.
///
/// ```
/// 8x400.toml:12: step 2.1, time: "-1:30" is not a time. Write minutes and seconds, e.g. "1:30", or seconds, e.g. "45 s".
/// ```
public struct ProgramError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What sort of mistake it is; tests and callers match on this.
    public enum Kind: Sendable, Equatable {
        /// Larger than ``Program/Limits/largestFile``, or not text.
        case unreadable
        /// Not valid TOML or XML.
        case syntax
        /// Tables, lists, or repeats nested deeper than allowed.
        case tooDeep
        /// More steps, repeats or characters than ``Program/Limits`` allow.
        case tooLarge
        /// A key the format does not have, usually a typo.
        case unknownKey
        /// Something required is not there: a name, a kind, the steps.
        case missing
        /// A value of the wrong type: a number in quotes, a list for a table.
        case wrongType
        /// A value that cannot be read or is out of range.
        case invalidValue
        /// Something the other format cannot say (a strength exercise in a Zwift workout).
        case unsupported
        /// A DOCTYPE or ENTITY declaration in a `.zwo` file.
        case forbiddenDeclaration
    }

    /// What sort of mistake it is.
    public let kind: Kind
    /// The file as the user named it, or a description such as "built-in".
    public let file: String
    /// 1-based line, when it could be found.
    public let line: Int?
    /// The step, 1-based, with the steps of repeats after a dot: "2.1" is the first step of the second step's
    /// repeat. Nil for what is not in a step.
    public let step: String?
    /// The key (TOML) or attribute (Zwift), e.g. `time`, `target.ftp`, `PowerLow`.
    public let key: String?
    /// What is wrong, in plain words.
    public let problem: String
    /// What to do about it.
    public let fix: String

    /// An error as the readers make it; `description` puts the parts together.
    public init(kind: Kind, file: String, line: Int?, step: String?, key: String?, problem: String, fix: String) {
        self.kind = kind
        self.file = file
        self.line = line
        self.step = step
        self.key = key
        self.problem = problem
        self.fix = fix
    }

    /// The message, safe to print: control characters escaped, and overlong parts cut short (a name of a megabyte
    /// is quoted by its first characters).
    public var description: String {
        var location = ProgramText.printable(file, limit: 200)
        if let line { location += ":\(line)" }
        var subject = [String]()
        if let step { subject.append("step \(step)") }
        if let key { subject.append(ProgramText.printable(key, limit: 80)) }
        let prefix = subject.isEmpty ? "" : subject.joined(separator: ", ") + ": "
        return
            "\(location): \(prefix)\(ProgramText.printable(problem, limit: 300)). \(ProgramText.printable(fix, limit: 600))"
    }
}
