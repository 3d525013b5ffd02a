import HubCore
import Records

/// Turns the tables of a program file into a ``Program``, checking every value on the way; the first mistake
/// throws, naming its line, step and key.
struct ProgramReader {
    let context: ReadingContext
    /// Exercises and intervals so far, with repeats written out: a repeat of a billion is refused at its line
    /// before anything is made of it.
    private var expandedSteps = 0

    init(context: ReadingContext) { self.context = context }

    static let programKeys = ["name", "kind", "instructions", "steps"]
    static let exerciseKeys = ["exercise", "sets", "reps", "time", "weight", "rest", "instructions"]
    static let intervalKeys = ["interval", "role", "time", "distance", "target", "instructions", "messages"]
    static let repeatKeys = ["repeat", "steps"]
    static let stepExample = "[[steps]] tables, each with exercise = \"…\", interval = \"…\" or repeat = N"

    mutating func program(from root: FieldTable) throws(ProgramError) -> Program {
        try root.rejectUnknownKeys(known: Self.programKeys, in: "a program")
        let name = try self.name("name", in: root, what: "the program", example: "\"8 x 400 m\"")
        guard let kindText = try root.string("kind", example: "\"run\"") else {
            throw root.error(
                .missing, "kind", problem: "the program has no kind",
                fix: "Add a line such as kind = \"run\"; the kinds are \(Self.kinds).")
        }
        let kind: WorkoutKind
        do {
            kind = try WorkoutKind(parsing: kindText)
        } catch {
            throw root.error(
                .invalidValue, "kind", problem: "\(error)",
                fix: "Write one of them, e.g. kind = \"indoor-ride\".")
        }
        let instructions = try text("instructions", in: root)
        let steps = try self.steps(in: root, depth: 0, parent: nil)
        return Program(name: name, kind: kind, instructions: instructions, steps: steps)
    }

    static var kinds: String { WorkoutKind.known.map(\.rawValue).joined(separator: ", ") }

    // MARK: - Steps

    /// The steps of the program (`parent` nil) or of a repeat, `depth` repeats deep.
    private mutating func steps(in table: FieldTable, depth: Int, parent: String?) throws(ProgramError)
        -> [ProgramStep]
    {
        let label: (Int) -> String? = { index in parent.map { "\($0).\(index + 1)" } ?? "\(index + 1)" }
        guard let tables = try table.tables("steps", example: Self.stepExample, step: label), !tables.isEmpty else {
            let what = parent == nil ? "the program" : "the repeat"
            throw table.error(
                .missing, parent == nil ? nil : "steps", problem: "\(what) has no steps",
                fix: parent == nil
                    ? "Add at least one step: a [[steps]] table with exercise = \"…\", interval = \"…\" or repeat = N."
                    : "Add the steps to repeat below it, each a [[\(Self.header(depth: depth))]] table.")
        }
        var steps: [ProgramStep] = []
        for stepTable in tables {
            steps.append(try step(from: stepTable, depth: depth))
        }
        return steps
    }

    private mutating func step(from table: FieldTable, depth: Int) throws(ProgramError) -> ProgramStep {
        let kinds = ["exercise", "interval", "repeat"].filter(table.contains)
        guard kinds.count == 1, let kind = kinds.first else {
            throw table.error(
                kinds.isEmpty ? .missing : .invalidValue, nil,
                problem: kinds.isEmpty
                    ? "the step is neither an exercise, an interval nor a repeat"
                    : "the step has both \(kinds.joined(separator: " and ")), and can be only one",
                fix: "Begin the step with exercise = \"name\", interval = \"name\" or repeat = N, and only one of them."
            )
        }
        let step: ProgramStep
        switch kind {
        case "exercise": step = .exercise(try exercise(from: table))
        case "interval": step = .interval(try interval(from: table))
        default: return try repeatBlock(from: table, depth: depth + 1)
        }
        try addSteps(1, at: table)
        return step
    }

    private func exercise(from table: FieldTable) throws(ProgramError) -> Exercise {
        try table.rejectUnknownKeys(known: Self.exerciseKeys, in: "an exercise")
        let name = try self.name("exercise", in: table, what: "the exercise", example: "\"Bench press\"")
        let sets = try whole("sets", in: table, range: 1...100, unit: "sets", example: "3") ?? 1
        let reps = try whole("reps", in: table, range: 1...1000, unit: "repetitions", example: "10")
        let time = try self.time("time", in: table, allowZero: false)
        let work: Exercise.Work
        switch (reps, time) {
        case (let reps?, nil): work = .repetitions(reps)
        case (nil, let time?): work = .time(time)
        case (nil, nil):
            throw table.error(
                .missing, nil, problem: "the exercise says neither how many repetitions nor how long a set lasts",
                fix: "Add reps = 10, or time = \"0:45\" for a timed set.")
        case (.some, .some):
            throw table.error(
                .invalidValue, "time", problem: "the exercise has both reps and time, and a set is one or the other",
                fix: "Keep reps = N for repetitions, or time = \"m:ss\" for a timed set.")
        }
        let weight = try table.number("weight", example: "60")
        if let weight, !(weight > 0 && weight <= 1000) {
            throw table.error(
                .invalidValue, "weight", problem: "a weight of \(ProgramText.number(weight)) kg is not one to lift",
                fix: "Write the load in kilograms, more than 0 and at most 1000, or leave weight out for none.")
        }
        let rest = try self.time("rest", in: table, allowZero: true)
        return Exercise(
            name: name, sets: sets, work: work, weightKilograms: weight, restBetweenSets: rest,
            instructions: try text("instructions", in: table))
    }

    private func interval(from table: FieldTable) throws(ProgramError) -> Interval {
        try table.rejectUnknownKeys(known: Self.intervalKeys, in: "an interval")
        let name = try self.name("interval", in: table, what: "the interval", example: "\"400 m hard\"")
        var role = Interval.Role.work
        if let text = try table.string("role", example: "\"recover\"") {
            guard let parsed = Interval.Role(parsing: text) else {
                throw table.error(
                    .invalidValue, "role", problem: "\(ProgramText.quoted(text)) is not a role",
                    fix: "Write one of \(Interval.Role.allCases.map(\.rawValue).joined(separator: ", ")), "
                        + "or leave role out for work.")
            }
            role = parsed
        }
        let time = try self.time("time", in: table, allowZero: false)
        let distance = try self.distance("distance", in: table)
        let length: Interval.Length
        switch (time, distance) {
        case (let time?, nil): length = .time(time)
        case (nil, let meters?): length = .distance(meters: meters)
        case (nil, nil):
            throw table.error(
                .missing, nil, problem: "the interval says neither how long nor how far",
                fix: "Add time = \"5:00\" or distance = \"400 m\".")
        case (.some, .some):
            throw table.error(
                .invalidValue, "distance", problem: "the interval has both a time and a distance",
                fix: "Keep one: time = \"m:ss\" or distance = \"400 m\".")
        }
        return Interval(
            name: name, role: role, length: length, target: try target(in: table),
            instructions: try text("instructions", in: table), messages: try messages(in: table))
    }

    private mutating func repeatBlock(from table: FieldTable, depth: Int) throws(ProgramError) -> ProgramStep {
        try table.rejectUnknownKeys(known: Self.repeatKeys, in: "a repeat")
        guard let count = try table.int("repeat", example: "8") else {
            throw table.error(.missing, "repeat", problem: "no count", fix: "Write repeat = 8.")
        }
        guard count >= 1 else {
            throw table.error(
                .invalidValue, "repeat", problem: "\(Format.counted(count, "time")) is no repeat",
                fix: "Repeat at least once (1 to \(Program.Limits.mostRepeats)), or remove the repeat.")
        }
        guard count <= Program.Limits.mostRepeats else {
            throw table.error(
                .tooLarge, "repeat", problem: "\(Format.counted(count, "time")) is more than a block may be repeated",
                fix: "Repeat at most \(Format.counted(Program.Limits.mostRepeats, "time")).")
        }
        guard depth <= Program.Limits.deepestNesting else {
            throw table.error(
                .tooDeep, "repeat",
                problem:
                    "repeats nested \(depth) deep, more than the \(Program.Limits.deepestNesting) a program may have",
                fix: "Write the inner steps out, or nest fewer repeats.")
        }
        // The steps inside are counted once by reading them, and count − 1 more times here.
        let before = expandedSteps
        let steps = try self.steps(in: table, depth: depth, parent: table.step)
        try addSteps((expandedSteps - before) * (count - 1), at: table)
        return .repeat(count: count, steps: steps)
    }

    /// Adds `steps` to the running count, and refuses a program that has more than ``Program/Limits/mostSteps``.
    private mutating func addSteps(_ steps: Int, at table: FieldTable) throws(ProgramError) {
        expandedSteps += steps
        guard expandedSteps <= Program.Limits.mostSteps else {
            throw table.error(
                .tooLarge, nil,
                problem:
                    "the program has more than \(Format.counted(Program.Limits.mostSteps, "step")) by here, with repeats written out",
                fix: "Make it shorter, or split it into programs of their own.")
        }
    }

    /// `[[steps.steps]]` for the steps of a repeat at `depth`.
    static func header(depth: Int) -> String {
        Array(repeating: "steps", count: depth + 1).joined(separator: ".")
    }
}
