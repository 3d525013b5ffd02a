import Records

/// A guided workout as a person writes it: a strength day, a set of intervals, a Zwift workout brought in.
///
/// A program is plain data: the steps in order, each an exercise, an interval or a block of steps repeated. It is
/// read from and written to a TOML file (``init(toml:file:)``, ``toml``), brought in from and out to Zwift's `.zwo`
/// files (``init(zwift:file:)``, ``zwift()``), and later run by the `programs` plugin, which announces the steps and
/// sends the power targets to a smart trainer.
///
/// ```swift
/// let program = try Program(toml: text, file: "8x400.toml")
/// print(program.name, program.estimatedDuration)   // 8 x 400 m, 40 minutes or so
/// ```
public struct Program: Sendable, Equatable, Codable {
    /// What a person calls it, read aloud: "4 x 4 min VO2max". At most ``Limits/longestName`` characters.
    public var name: String
    /// The sort of workout, which decides the figures shown and the pace a distance is estimated at.
    public var kind: WorkoutKind
    /// What to do and why, in the author's words, shown before the start.
    public var instructions: String?
    /// The steps in order; a parsed program has at least one.
    public var steps: [ProgramStep]

    /// A program as given: ``init(toml:file:)`` checks what a file says, this initializer nothing.
    public init(name: String, kind: WorkoutKind, instructions: String? = nil, steps: [ProgramStep]) {
        self.name = name
        self.kind = kind
        self.instructions = instructions
        self.steps = steps
    }

    /// How many exercises and intervals a person goes through, with every repeat written out: `8 x [400 m,
    /// recover]` is 16.
    public var expandedStepCount: Int { steps.reduce(0) { $0 + $1.expandedStepCount } }
}
