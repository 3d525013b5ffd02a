/// Sets of one exercise, done in place: "Bench press, 3 x 10 at 60 kg, 1:30 rest".
public struct Exercise: Sendable, Equatable, Codable {
    /// What a set asks for: a number of repetitions, or a time to hold or keep going (a plank, jumping jacks).
    public enum Work: Sendable, Equatable, Codable {
        /// This many repetitions a set: 10.
        case repetitions(Int)
        /// This long a set, in whole seconds: a 45-second plank.
        case time(Duration)
    }

    /// "Bench press".
    public var name: String
    /// At least 1.
    public var sets: Int
    /// Each set's repetitions or time.
    public var work: Work
    /// The load, when there is one; body-weight exercises have none.
    public var weightKilograms: Double?
    /// The rest after each set but the last; nil for none. The rest before the next step is that step's business
    /// (an interval with the role ``Interval/Role/recover``).
    public var restBetweenSets: Duration?
    /// How to do it: "Bar to the chest, elbows at 45°".
    public var instructions: String?

    /// An exercise as given: ``Program/init(toml:file:)`` checks what a file says, this initializer nothing.
    public init(
        name: String, sets: Int, work: Work, weightKilograms: Double? = nil, restBetweenSets: Duration? = nil,
        instructions: String? = nil
    ) {
        self.name = name
        self.sets = sets
        self.work = work
        self.weightKilograms = weightKilograms
        self.restBetweenSets = restBetweenSets
        self.instructions = instructions
    }
}
