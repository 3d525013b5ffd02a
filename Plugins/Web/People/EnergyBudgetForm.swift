import Foundation
import HubCore
import Nutrition
import Records

/// The activity level and weight goal on `/today`, which set the day's target: chosen from lists and kept (POST
/// `/today/budget`) as `stayfit today --activity … --goal …` keeps them, with its checks.
enum EnergyBudgetForm {
    /// The goals offered, as `stayfit today --goal` takes them, with their words.
    static let goals: [(value: String, words: String)] =
        [("maintain", "Keep my weight")]
        + WeightGoal.losingRates.map { ("lose \(rate($0))", "Lose \(rate($0)) kg a week") }
        + WeightGoal.gainingRates.map { ("gain \(rate($0))", "Gain \(rate($0)) kg a week") }

    /// The form, the person's kept choices selected (a goal kept as "Lose 0.50" is the list's "lose 0.5").
    static func render(activity: String?, goal: String?, csrfToken: String) -> String {
        let kept = goal.flatMap { try? WeightGoal(parsing: $0) }
        let levels = ActivityLevel.allCases.map { level in
            option(
                level.rawValue, level.words.prefix(1).uppercased() + level.words.dropFirst(),
                selected: level.rawValue == activity)
        }
        let choices = goals.map { goal in
            option(goal.value, goal.words, selected: kept != nil && (try? WeightGoal(parsing: goal.value)) == kept)
        }
        let unset = "<option value=\"\"\(activity == nil ? " selected" : "")>Not set</option>"
        let unsetGoal = "<option value=\"\"\(kept == nil ? " selected" : "")>Not set</option>"
        return "<h2>Activity and goal</h2>"
            + PeopleMarkup.postForm("/today/budget", csrfToken: csrfToken, className: "budget")
            + "<label>Activity <select name=\"activity\">\(unset)\(levels.joined())</select></label>"
            + "<label>Weight goal <select name=\"goal\">\(unsetGoal)\(choices.joined())</select></label>"
            + "<button type=\"submit\">Keep</button></form>"
    }

    /// Keeps what was chosen, checked as `stayfit today` checks `--activity` and `--goal`; a field left at "Not set"
    /// keeps what is kept. Refused: the problem, in the command line's words.
    static func save(_ form: [String: String], diary: any FoodDiary) async throws -> Result<Void, NutritionError> {
        let activity = form["activity"].flatMap { $0.isEmpty ? nil : $0 }
        let goal = form["goal"].flatMap { $0.isEmpty ? nil : $0 }
        if let activity, ActivityLevel(rawValue: activity) == nil {
            return .failure(
                NutritionError(
                    "\"\(Format.printable(activity, limit: 30))\" is not an activity level",
                    fix: "Choose one of " + ActivityLevel.allCases.map(\.rawValue).joined(separator: ", ") + "."))
        }
        if let goal {
            do {
                _ = try WeightGoal(parsing: goal)
            } catch {
                // The command line's words repeat what was given; a form can send anything, of any length.
                let shown = Format.printable(goal, limit: 30)
                return .failure(
                    shown == goal ? error : NutritionError("\"\(shown)\" is no weight goal", fix: error.fix))
            }
        }
        guard activity != nil || goal != nil else { return .success(()) }
        guard try await diary.setEnergyBudget(activity: activity, goal: goal) else {
            return .failure(
                NutritionError(
                    "there is no one to keep an activity level or a goal for yet",
                    fix: "Add yourself on the People page first."))
        }
        return .success(())
    }

    private static func option(_ value: String, _ words: String, selected: Bool) -> String {
        "<option value=\"\(HTMLText.escape(value))\"\(selected ? " selected" : "")>\(HTMLText.escape(words))</option>"
    }

    /// 0.25, 0.5, 1: as a person types a rate.
    private static func rate(_ kilograms: Double) -> String { String(format: "%g", kilograms) }
}
