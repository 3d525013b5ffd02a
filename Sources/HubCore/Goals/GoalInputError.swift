import Records

/// A goal value that is missing, cannot be read, or lies outside `GoalInput.range(of:)`.
///
/// Its description starts with the original app's words ("Empty Fields", "Enter Proper Distance", …), then says
/// what a good value looks like.
public struct GoalInputError: Error, Equatable, CustomStringConvertible, Sendable {
    /// What is wrong with the value.
    public enum Problem: Sendable, Equatable {
        /// Nothing was given.
        case empty
        /// The value cannot be read as a goal of its kind.
        case unreadable
        /// The value was read but is too small or too large for a goal.
        case outOfRange
    }

    public let kind: GoalKind
    /// The value as typed.
    public let value: String
    public let problem: Problem
    /// True when the value was read but is too small or too large for a goal.
    public var isOutOfRange: Bool { problem == .outOfRange }

    init(kind: GoalKind, value: String, problem: Problem = .unreadable) {
        self.kind = kind
        self.value = value
        self.problem = problem
    }

    /// The message for a `goals set` given no value at all (or no kind).
    public static let emptyFieldsMessage =
        "Empty Fields: give a goal type and a value, e.g. stayfit goals set distance 5km"

    public var description: String {
        let words = GoalInput.improperValueWords(for: kind)
        let shown = "\"\(Format.printable(value))\""
        switch problem {
        case .empty:
            return Self.emptyFieldsMessage
        case .outOfRange:
            let limits =
                switch kind {
                case .distance: "from 1m to 1000km"
                case .duration: "from 1s to 24h"
                case .steps: "from 1 to 1000000 steps"
                case .kcal: "from 1 to 50000 kcal"
                }
            return "\(words): \(shown) is out of range for a \(kind.rawValue) goal; it must be \(limits)"
        case .unreadable:
            let examples =
                switch kind {
                case .distance: "5km, 800m or 5 (kilometres)"
                case .duration: "45min, 1.5h, 90s or 45 (minutes)"
                case .steps: "a whole number such as 8000"
                case .kcal: "a number such as 400"
                }
            return "\(words): \(shown) is not a \(kind.rawValue) goal; write it as \(examples), greater than zero"
        }
    }
}
