import Records

/// The programs the hub comes with, written in the file format a person uses (``Program/init(toml:file:)``), so
/// that each is an example to copy and edit as well as a program to run.
///
/// ```swift
/// for builtIn in BuiltInPrograms.all { print(builtIn.id, builtIn.program.name) }   // vo2max-4x4 4 x 4 min VO2max
/// ```
public enum BuiltInPrograms {
    /// One built-in program, with the id a command names it by and the text it is read from.
    public struct Entry: Sendable {
        /// Kebab-case, stable: `strength-5x5`.
        public let id: String
        /// The program's TOML text, as a person would write it.
        public let toml: String
        /// The program read from ``toml``.
        public let program: Program
    }

    /// Every built-in program, strength first, then runs, rides and the row.
    ///
    /// - Important: each text is read when first asked for; one that does not read is a mistake in this module
    ///   (the tests read them all), and stops the process with the reader's message.
    public static let all: [Entry] = texts.map { id, text -> Entry in
        do {
            return Entry(id: id, toml: text, program: try Program(toml: text, file: "built-in \(id)"))
        } catch {
            preconditionFailure("The built-in program \(id) does not read: \(error)")
        }
    }

    /// Every built-in program as the store takes it in (`ProgramStore.syncBuiltInPrograms`): what the CLI and the
    /// web hand the store before they list or change programs.
    public static var storable: [BuiltInProgramText] {
        all.map { BuiltInProgramText(id: $0.id, name: $0.program.name, kind: $0.program.kind, text: $0.toml) }
    }

    /// The built-in program with this id, or nil.
    public static func program(id: String) -> Program? { all.first { $0.id == id }?.program }

    static let texts: [(id: String, text: String)] = [
        ("strength-5x5", strength5x5), ("seven-minute-circuit", sevenMinuteCircuit),
        ("body-weight-basics", bodyWeightBasics), ("run-walk-beginner", runWalkBeginner),
        ("run-8x400", run8x400), ("treadmill-hills", treadmillHills), ("sweet-spot-3x12", sweetSpot3x12),
        ("threshold-2x20", threshold2x20), ("vo2max-4x4", vo2max4x4), ("row-2k-test", row2kTest),
    ]
}
