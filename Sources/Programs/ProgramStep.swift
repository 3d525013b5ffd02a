/// One step of a program: an exercise, an interval, or steps done several times over.
public enum ProgramStep: Sendable, Equatable, Codable {
    /// Sets of an exercise: bench press, 3 x 10 at 60 kg.
    case exercise(Exercise)
    /// A stretch of time or distance at a target: "400 m hard", "4 minutes at 115 % of FTP".
    case interval(Interval)
    /// `steps` done `count` times in a row, e.g. 8 x [400 m hard, 1:30 recover]. Repeats nest at most
    /// ``Program/Limits/deepestNesting`` deep.
    case `repeat`(count: Int, steps: [ProgramStep])

    /// The name of an exercise or interval; nil for a repeat, which has none.
    public var name: String? {
        switch self {
        case .exercise(let exercise): exercise.name
        case .interval(let interval): interval.name
        case .repeat: nil
        }
    }

    /// 1 for an exercise or an interval; a repeat's count times its steps' (with nested repeats written out).
    public var expandedStepCount: Int {
        switch self {
        case .exercise, .interval: 1
        case .repeat(let count, let steps): count * steps.reduce(0) { $0 + $1.expandedStepCount }
        }
    }
}
