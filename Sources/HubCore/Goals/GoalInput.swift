import Foundation
import Records

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
    public static func describe(_ goal: Goal) -> String { Format.goal(goal) }
}
