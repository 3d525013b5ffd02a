/// Chooses the program the next workout follows: by its id or name, or the next one in the list.
///
/// The programs plugin answers by saying the chosen program's name (or that there is none of that name).
public struct ChooseProgram: BusMessage, Equatable {
    public enum Choice: Sendable, Equatable {
        /// A program's id (`"8x400"`) or name (`"8 x 400 m"`), case-insensitive.
        case named(String)
        /// The one after the chosen one, round the list (a button's `next-program`).
        case next
    }

    public var choice: Choice

    public init(_ choice: Choice) { self.choice = choice }
}

/// What the person tells the program under way: a set done, a step skipped, targets easier or harder.
public struct ProgramCommand: BusMessage, Equatable {
    public enum Action: Sendable, Equatable {
        /// The set is done, with the repetitions made when said (`done 8`); any other step ends early.
        case done(repetitions: Int?)
        case skip
        /// Every power target 5 % lower, or higher, each time.
        case easier, harder
    }

    public var action: Action

    public init(_ action: Action) { self.action = action }
}

/// A step of the program under way started, for front ends to show.
public struct ProgramStepStarted: BusMessage, Equatable {
    /// The program's name.
    public var program: String
    /// The step's place, from 1, among `count` (repeats written out, each set a step).
    public var number: Int
    public var count: Int
    /// What was said of it: "Set 2 of 3, bench press, 10 reps at 60 kilos".
    public var text: String
    /// It ends only when the person says so (`done`, or a button's): a set of repetitions.
    public var endsWhenDone: Bool
    /// How long the step lasts when it ends by time (of the program's time, pauses not counted), for a count-down;
    /// nil for a set of repetitions or a distance.
    public var length: Duration?

    public init(
        program: String, number: Int, count: Int, text: String, endsWhenDone: Bool = false, length: Duration? = nil
    ) {
        self.length = length
        self.program = program
        self.number = number
        self.count = count
        self.text = text
        self.endsWhenDone = endsWhenDone
    }
}

/// The program under way has ended with its last step (not with the workout): for front ends, and for a demo that
/// ends its workout with the program.
public struct ProgramFinished: BusMessage, Equatable {
    /// The program's name.
    public var program: String

    public init(program: String) { self.program = program }
}
