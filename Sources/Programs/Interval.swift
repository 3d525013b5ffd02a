/// A stretch of a run, ride or row at one effort: "400 m hard", "4:00 at 115 % of FTP", "10:00 warm-up".
public struct Interval: Sendable, Equatable, Codable {
    /// What the interval is for: the coach says it, and a summary counts only the work.
    public enum Role: String, Sendable, Equatable, Codable, CaseIterable {
        /// The effort the program is for; the default.
        case work
        /// Easy, between efforts: a jog, a spin, a rest.
        case recover
        /// Easing into it, before the first effort.
        case warmUp = "warm-up"
        /// Easing out of it, after the last effort.
        case coolDown = "cool-down"

        /// Reads a role as a person writes it: "Warm-up", "warmup" and "warm up" are all ``warmUp``; "recovery"
        /// is ``recover``.
        public init?(parsing text: String) {
            let letters = text.lowercased().filter { $0.isLetter }
            switch letters {
            case "work": self = .work
            case "recover", "recovery": self = .recover
            case "warmup": self = .warmUp
            case "cooldown": self = .coolDown
            default: return nil
            }
        }
    }

    /// How long an interval lasts: a time, or a distance to cover.
    public enum Length: Sendable, Equatable, Codable {
        /// This long, in whole seconds.
        case time(Duration)
        /// Whole metres: "400 m", "5 km".
        case distance(meters: Int)
    }

    /// A message shown or said at a time into the interval (Zwift's text events).
    public struct Message: Sendable, Equatable, Codable {
        /// From the start of the interval (of the whole block, for a Zwift `IntervalsT`'s work interval).
        public var offset: Duration
        /// What to show or say: "One minute to go".
        public var text: String

        /// A message as given, `offset` in whole seconds.
        public init(offset: Duration, text: String) {
            self.offset = offset
            self.text = text
        }
    }

    /// "400 m hard".
    public var name: String
    /// What the interval is for; work unless the file says otherwise.
    public var role: Role
    /// Its time or distance.
    public var length: Length
    /// The effort to hold; nil for a free interval (Zwift's free ride).
    public var target: Target?
    /// How to do it: "Relax your shoulders".
    public var instructions: String?
    /// Messages at times into the interval, in order of time.
    public var messages: [Message]

    /// An interval as given: ``Program/init(toml:file:)`` checks what a file says, this initializer nothing.
    public init(
        name: String, role: Role = .work, length: Length, target: Target? = nil, instructions: String? = nil,
        messages: [Message] = []
    ) {
        self.name = name
        self.role = role
        self.length = length
        self.target = target
        self.instructions = instructions
        self.messages = messages
    }
}
