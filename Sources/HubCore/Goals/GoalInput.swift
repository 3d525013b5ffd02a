import Foundation
import HubStore

/// Reads a goal as a person types it: `distance 5km`, `duration 45min`, `steps 8000`, `kcal 400`.
public enum GoalInput {
    /// The targets a goal may have, in the kind's unit (metres, seconds, steps, kcal): from a token to beyond
    /// what a person does in a day. Bounded so that no absurd number reaches the database or the display.
    public static func range(of kind: GoalKind) -> ClosedRange<Double> {
        switch kind {
        case .distance: 1...1_000_000  // 1 m to 1000 km
        case .duration: 1...86_400  // 1 s to 24 h
        case .steps: 1...1_000_000
        case .kcal: 1...50_000
        }
    }

    /// Parses `value` for a goal of `kind`; throws `GoalInputError` saying what a good value looks like.
    ///
    /// Distance takes `km` or `m` (plain numbers are kilometres); duration takes `h`, `min` or `s` (plain
    /// numbers are minutes). The target must lie in `range(of: kind)`.
    public static func parse(kind: GoalKind, value: String) throws(GoalInputError) -> Goal {
        let text = value.trimmingCharacters(in: .whitespaces).lowercased()
        guard !text.isEmpty else { throw GoalInputError(kind: kind, value: value, problem: .empty) }
        let number = text.prefix { $0.isNumber || $0 == "." }
        let unit = text.dropFirst(number.count).trimmingCharacters(in: .whitespaces)
        guard let amount = Double(number), amount > 0 else {
            throw GoalInputError(kind: kind, value: value)
        }
        let target: Double?
        switch (kind, unit) {
        case (.distance, ""), (.distance, "km"): target = amount * 1000
        case (.distance, "m"): target = amount
        case (.duration, ""), (.duration, "min"): target = amount * 60
        case (.duration, "h"): target = amount * 3600
        case (.duration, "s"): target = amount
        case (.steps, ""), (.steps, "steps"): target = amount.rounded() == amount ? amount : nil
        case (.kcal, ""), (.kcal, "kcal"): target = amount
        default: target = nil
        }
        guard let target else { throw GoalInputError(kind: kind, value: value) }
        // An overlong number parses as infinity: out of range too, not unreadable.
        guard range(of: kind).contains(target) else {
            throw GoalInputError(kind: kind, value: value, problem: .outOfRange)
        }
        return Goal(kind: kind, target: target)
    }

    /// Why `stayfit goals enable` refuses when no goal is set; starts with the original app's words.
    public static let selectGoalTypeMessage =
        "Select Goal Type: there is no goal to stop at; set one first, e.g. stayfit goals set distance 5km"

    /// The original app's words for a goal value of `kind` that cannot be used.
    public static func improperValueWords(for kind: GoalKind) -> String {
        switch kind {
        case .distance: "Enter Proper Distance"
        case .duration: "Enter Proper Duration"
        case .steps: "Enter Proper Steps"
        case .kcal: "Enter Proper Calories"
        }
    }

    /// The goal as a person would say it: `5.00 km`, `45:00`, `8000 steps`, `400 kcal`.
    ///
    /// Safe for any stored target, even one no longer accepted by `parse` (an old database).
    public static func describe(_ goal: Goal) -> String {
        switch goal.kind {
        case .distance: "distance " + Format.distance(meters: goal.target)
        case .duration: "duration " + Format.clock(seconds: Format.wholeNumber(goal.target))
        case .steps: stepCount(goal.target)
        case .kcal: Format.energy(kilocalories: goal.target)
        }
    }

    /// "1 step", "8000 steps": as written, however large (an old database may hold 1e20).
    private static func stepCount(_ target: Double) -> String {
        let count = Format.fixed(target, decimals: 0)
        return count == "1" ? "1 step" : count + " steps"
    }
}

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
