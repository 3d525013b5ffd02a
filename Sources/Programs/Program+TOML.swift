import HubCore
import TOMLKit

extension Program {
    /// Reads a program from the text of a TOML file, as a person writes one.
    ///
    /// The program's own keys come first, then each step as a `[[steps]]` table, in order. A step is an exercise,
    /// an interval or a repeat, told by its first key:
    ///
    /// ```toml
    /// name = "8 x 400 m"                  # required, at most 200 characters
    /// kind = "run"                        # run, walk, ride, indoor-ride, treadmill, row, strength, other
    /// instructions = "Run the 400s hard but even; jog the recoveries."   # optional
    ///
    /// [[steps]]
    /// interval = "Warm-up"                # an interval and its name
    /// role = "warm-up"                    # work (the default), recover, warm-up, cool-down
    /// time = "10:00"                      # or distance = "400 m" / "5 km"
    /// target = { zone = 2 }               # optional: one of pace = "4:00 /km", speed = 10.5 (km/h),
    ///                                     # power = 250 (W), ftp = 88 (% of FTP), ftp-from = 50 with ftp-to = 75,
    ///                                     # zone = 1…5, max-effort = true; with or without cadence = 90 (rpm)
    ///                                     # and incline = 6 (%)
    /// instructions = "Easy, nose breathing."
    /// messages = [{ at = "9:30", text = "Strides next" }]   # optional, times from the interval's start
    ///
    /// [[steps]]
    /// repeat = 8                          # the [[steps.steps]] below, 8 times (1 to 100)
    ///
    /// [[steps.steps]]
    /// interval = "400 m hard"
    /// distance = "400 m"
    /// target = { pace = "4:00 /km" }
    ///
    /// [[steps.steps]]
    /// interval = "Recover"
    /// role = "recover"
    /// time = "1:30"
    ///
    /// [[steps]]
    /// exercise = "Bench press"            # an exercise and its name
    /// sets = 3                            # 1 if left out
    /// reps = 10                           # or time = "0:45" a set
    /// weight = 60                         # kg, optional
    /// rest = "1:30"                       # between sets, optional
    /// instructions = "Bar to the chest, elbows at 45°."
    /// ```
    ///
    /// Times are written "1:30" (minutes and seconds), "1:02:03", "45 s" or "5 min". Steps may also be written
    /// as inline tables (`steps = [{ interval = "Easy", time = "5:00" }]`), though errors then name the line of
    /// the list. ``toml`` writes a program back in the layout above; reading what it writes gives the same program.
    ///
    /// - Parameters:
    ///   - text: the file's text; the caller reads the file, with a size limit of ``Limits/largestFile``.
    ///   - file: the file as the user named it, for messages.
    /// - Throws: `ProgramError` naming the line, the step and the key, and saying how to fix it: for a file over
    ///   ``Limits/largestFile``, invalid TOML, an unknown key, a missing or empty name, a program without steps, a
    ///   value of the wrong type or out of range, or more than ``Limits`` allow. Nothing half-read is returned.
    public init(toml text: String, file: String = "program") throws(ProgramError) {
        let size = text.utf8.count
        guard size <= Limits.largestFile else {
            throw ProgramError(
                kind: .unreadable, file: file, line: nil, step: nil, key: nil,
                problem: "the file has \(Format.counted(size, "byte")), more than a program may have (1 MiB)",
                fix: "Check that this is a program file; a long program is a few kilobytes.")
        }
        try Self.checkBeforeParsing(text, file: file)
        let table: TOMLTable
        do {
            table = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            throw ProgramError(
                kind: .syntax, file: file, line: error.source.begin.line, step: nil, key: nil,
                problem: "not valid TOML (column \(error.source.begin.column): \(error.description))",
                fix: "Fix the syntax; Sources/Programs/README.md shows a whole program.")
        } catch {
            throw ProgramError(
                kind: .syntax, file: file, line: nil, step: nil, key: nil, problem: "not valid TOML (\(error))",
                fix: "Fix the syntax; Sources/Programs/README.md shows a whole program.")
        }
        let context = ReadingContext(file: file, lines: ProgramLines(text: text))
        let root = FieldTable(
            values: ConfigValue.dictionary(from: table), path: [], step: nil, prefix: nil, context: context)
        var reader = ProgramReader(context: context)
        self = try reader.program(from: root)
    }

    /// Refuses what the TOML parser must not be given: a NUL byte (it would stop there without a word), nesting
    /// deep enough to exhaust its stack, and the few malformed texts it takes for granted never come.
    private static func checkBeforeParsing(_ text: String, file: String) throws(ProgramError) {
        var line = 1
        for byte in text.utf8 {
            if byte == 0 {
                throw ProgramError(
                    kind: .unreadable, file: file, line: line, step: nil, key: nil,
                    problem: "the file has a NUL byte, which text never has",
                    fix: "Remove it: the file may be damaged (cat -v shows a NUL byte as ^@).")
            }
            if byte == UInt8(ascii: "\n") { line += 1 }
        }
        let syntax = "Fix the syntax; Sources/Programs/README.md shows a whole program."
        switch ConfigNesting.firstProblem(in: text) {
        case .tooDeep(let line):
            throw ProgramError(
                kind: .tooDeep, file: file, line: line, step: nil, key: nil,
                problem:
                    "tables, keys and lists nested more than \(Format.counted(ConfigNesting.deepest, "level")) deep",
                fix: "Nest less: a program with repeats 4 deep goes about 10 levels deep.")
        case .headerWithoutName(let line):
            throw ProgramError(
                kind: .syntax, file: file, line: line, step: nil, key: nil,
                problem: "not valid TOML (a table header in [ ] begins with its name, a bare or quoted key)",
                fix: syntax)
        case .listValueMissing(let line):
            throw ProgramError(
                kind: .syntax, file: file, line: line, step: nil, key: nil,
                problem: "not valid TOML (a list holds values separated by commas: no '}' where a value or ']' is "
                    + "due, and no Unicode line separator outside a string)",
                fix: syntax)
        case .controlCharacter(let line, let escape):
            throw ProgramError(
                kind: .invalidValue, file: file, line: line, step: nil, key: nil,
                problem: "the escape \(escape) in a string makes a control character, which no text of a program takes",
                fix: "Remove it: a string may hold tabs (\\t) and line breaks (\\n), nothing else below a space.")
        case nil:
            break
        }
    }
}
