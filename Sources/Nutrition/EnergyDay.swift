import Foundation
import Records

/// A person's day of energy as `stayfit today`, "status now" and the end of a workout say it: what they ate, what
/// their workouts burned, and, when their profile allows it, their target and what is left.
public struct EnergyDay: Sendable, Equatable {
    public var eaten: Int
    public var burned: Int
    public var activity: ActivityLevel
    public var goal: WeightGoal
    /// Nil without a profile that gives the basal rate (birth date, gender, height and weight).
    public var target: DailyTarget?

    /// - Parameters:
    ///   - activity, goal: as stored (`moderate`, `lose 0.5`); sedentary and maintain when not set or not read.
    ///   - date: a moment of the day, for the person's age.
    public init(profile: Profile?, at date: Date, eaten: Int, burned: Int, activity: String?, goal: String?) {
        self.eaten = eaten
        self.burned = burned
        self.activity = activity.flatMap(ActivityLevel.init(rawValue:)) ?? .sedentary
        self.goal = goal.flatMap { try? WeightGoal(parsing: $0) } ?? .maintain
        guard let profile, let age = profile.ageYears(on: date), age > 0, profile.weightKilograms > 0,
            profile.heightCentimeters > 0
        else { return }
        let body = EnergyBudget.Body(
            weightKilograms: profile.weightKilograms, heightCentimeters: profile.heightCentimeters, ageYears: age,
            gender: profile.gender)
        target = EnergyBudget(body: body, activity: self.activity, goal: self.goal).target(workoutKilocalories: burned)
    }

    /// "You have 640 calories left today.", or nil without a target.
    public var sentence: String? { target?.left(afterEating: eaten) }

    /// "640 calories left today" / "120 calories over today's target", for "status now"; nil without a target.
    public var statusWords: String? {
        guard let target else { return nil }
        let left = target.kilocalories - eaten
        let count = abs(left) == 1 ? "1 calorie" : "\(abs(left)) calories"
        return left >= 0 ? "\(count) left today" : "\(count) over today's target"
    }

    /// "Today you ate 1360 of 1837 calories: 477 left." for the voice, or what is known without a target.
    public var spokenSummary: String {
        guard let target else {
            return eaten == 0
                ? "Nothing logged today."
                : "Today you ate \(eaten == 1 ? "1 calorie" : "\(eaten) calories"); your profile gives no target yet."
        }
        let left = target.kilocalories - eaten
        let state = left >= 0 ? "\(left) left" : "\(-left) over"
        return "Today you ate \(eaten) of \(target.kilocalories) calories: \(state)."
    }
}
