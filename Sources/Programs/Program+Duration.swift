import Records

extension Program {
    /// About how long the program takes, for a person choosing one: every step's time, with repeats multiplied.
    ///
    /// - A timed interval counts its time.
    /// - A distance interval counts the time at its target pace or speed, or else at the kind's usual pace
    ///   (``usualPace(of:)``).
    /// - An exercise counts its sets, each ``secondsPerRepetition`` a repetition or its time, and the rests
    ///   between them: sets − 1 rests.
    public var estimatedDuration: Duration {
        steps.reduce(.zero) { $0 + $1.estimatedDuration(kind: kind) }
    }

    /// A repetition of an exercise, at an even tempo (lower, pause, lift): 3 seconds.
    public static let secondsPerRepetition = 3

    /// The pace, in seconds per kilometre, at which a distance interval without a pace or speed is estimated:
    /// an easy effort for most people of each kind.
    ///
    /// Run and treadmill 6:00 /km (10 km/h); walk 10:00 /km (6 km/h); ride and indoor ride 2:24 /km (25 km/h);
    /// row 5:00 /km (2:30 /500 m); anything else as a run.
    public static func usualPace(of kind: WorkoutKind) -> Int {
        switch kind {
        case .walk: 600
        case .ride, .indoorRide: 144
        case .row: 300
        default: 360
        }
    }
}

extension ProgramStep {
    /// About how long the step takes in a program of `kind`; see ``Program/estimatedDuration``.
    public func estimatedDuration(kind: WorkoutKind) -> Duration {
        switch self {
        case .exercise(let exercise):
            let set: Duration =
                switch exercise.work {
                case .repetitions(let count): .seconds(count * Program.secondsPerRepetition)
                case .time(let time): time
                }
            return set * exercise.sets + (exercise.restBetweenSets ?? .zero) * max(0, exercise.sets - 1)
        case .interval(let interval):
            switch interval.length {
            case .time(let time):
                return time
            case .distance(let meters):
                if case .speed(let kilometersPerHour)? = interval.target?.intensity, kilometersPerHour > 0 {
                    return .seconds(Double(meters) * 3.6 / kilometersPerHour)
                }
                return .milliseconds(meters * interval.secondsPerKilometer(kind: kind))
            }
        case .repeat(let count, let steps):
            return steps.reduce(.zero) { $0 + $1.estimatedDuration(kind: kind) } * count
        }
    }
}

extension Interval {
    /// The pace a distance without a speed is estimated at: the target's pace, else the kind's usual pace.
    func secondsPerKilometer(kind: WorkoutKind) -> Int {
        if case .pace(let seconds)? = target?.intensity { return seconds }
        return Program.usualPace(of: kind)
    }
}
