import Foundation
import HubStore

/// Reads a goal as a person types it: `distance 5km`, `duration 45min`, `steps 8000`, `kcal 400`.
public enum GoalInput {
    /// Parses `value` for a goal of `kind`; throws `GoalInputError` saying what a good value looks like.
    ///
    /// Distance takes `km` or `m` (plain numbers are kilometres); duration takes `h`, `min` or `s` (plain
    /// numbers are minutes).
    public static func parse(kind: GoalKind, value: String) throws(GoalInputError) -> Goal {
        let text = value.trimmingCharacters(in: .whitespaces).lowercased()
        let number = text.prefix { $0.isNumber || $0 == "." }
        let unit = text.dropFirst(number.count).trimmingCharacters(in: .whitespaces)
        guard let amount = Double(number), amount > 0, amount.isFinite else {
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
        return Goal(kind: kind, target: target)
    }

    /// The goal as a person would say it: `5.00 km`, `45:00`, `8000 steps`, `400 kcal`.
    public static func describe(_ goal: Goal) -> String {
        switch goal.kind {
        case .distance: "distance " + Format.distance(meters: goal.target)
        case .duration: "duration " + Format.clock(seconds: Int(goal.target))
        case .steps: "\(Int(goal.target)) steps"
        case .kcal: Format.energy(kilocalories: goal.target)
        }
    }
}

/// A goal value that cannot be read.
public struct GoalInputError: Error, Equatable, CustomStringConvertible, Sendable {
    public let kind: GoalKind
    public let value: String

    public var description: String {
        let examples =
            switch kind {
            case .distance: "5km, 800m or 5 (kilometres)"
            case .duration: "45min, 1.5h, 90s or 45 (minutes)"
            case .steps: "a whole number such as 8000"
            case .kcal: "a number such as 400"
            }
        return "\"\(value)\" is not a \(kind.rawValue) goal; write it as \(examples), greater than zero"
    }
}
