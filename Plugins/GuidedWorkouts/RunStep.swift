import HubCore
import Programs

/// One step of a program with its repeats written out, as a run follows it: a set, a rest or an interval.
public struct RunStep: Sendable, Equatable {
    /// What the step is.
    public enum Kind: Sendable, Equatable {
        /// Set `number` of an exercise's `exercise.sets`.
        case set(Exercise, number: Int)
        /// A rest between sets.
        case rest
        /// An interval; `repetition` is its pass through the innermost repeat around it (`Interval 3 of 8`).
        case interval(Interval, repetition: (number: Int, count: Int)?)

        public static func == (lhs: Kind, rhs: Kind) -> Bool {
            switch (lhs, rhs) {
            case (.set(let a, let m), .set(let b, let n)): a == b && m == n
            case (.rest, .rest): true
            case (.interval(let a, let r), .interval(let b, let s)):
                a == b && r?.number == s?.number && r?.count == s?.count
            default: false
            }
        }
    }

    /// How the step ends.
    public enum Length: Sendable, Equatable {
        /// When the person says `done` (a set of repetitions).
        case done
        /// After this much of the program's time.
        case time(Duration)
        /// After this much of the workout's distance.
        case distance(meters: Double)
    }

    public var kind: Kind
    public var length: Length
    /// The planned repetitions of a set of repetitions.
    public var plannedRepetitions: Int?

    /// The target of an interval; sets and rests have none.
    public var target: Target? {
        if case .interval(let interval, _) = kind { interval.target } else { nil }
    }

    /// Sets and intervals that are not recoveries: what "go" leads into.
    public var isWork: Bool {
        switch kind {
        case .set: true
        case .rest: false
        case .interval(let interval, _): interval.role == .work
        }
    }

    /// The steps of `steps`, repeats written out, each exercise as its sets with the rests between them.
    public static func flatten(_ steps: [ProgramStep]) -> [RunStep] {
        flatten(steps, repetition: nil)
    }

    private static func flatten(_ steps: [ProgramStep], repetition: (number: Int, count: Int)?) -> [RunStep] {
        var flat: [RunStep] = []
        for step in steps {
            switch step {
            case .exercise(let exercise):
                for number in 1...max(1, exercise.sets) {
                    switch exercise.work {
                    case .repetitions(let reps):
                        flat.append(
                            RunStep(kind: .set(exercise, number: number), length: .done, plannedRepetitions: reps))
                    case .time(let time):
                        flat.append(RunStep(kind: .set(exercise, number: number), length: .time(time)))
                    }
                    if number < exercise.sets, let rest = exercise.restBetweenSets, rest > .zero {
                        flat.append(RunStep(kind: .rest, length: .time(rest)))
                    }
                }
            case .interval(let interval):
                let length: Length =
                    switch interval.length {
                    case .time(let time): .time(time)
                    case .distance(let meters): .distance(meters: Double(meters))
                    }
                flat.append(RunStep(kind: .interval(interval, repetition: repetition), length: length))
            case .repeat(let count, let inner):
                for number in 1...max(1, count) {
                    flat += flatten(inner, repetition: (number, count))
                }
            }
        }
        return flat
    }
}
