import Records

/// The day's energy budget of the Fitness App this hub descends from: what a person may eat today to move towards
/// their weight goal, from their body (Mifflin–St Jeor), how active their day is, and what the hub saw them burn.
///
/// target = basal rate × activity factor + today's workout kcal − the goal's daily deficit, never under the floor.
///
/// ```swift
/// let budget = EnergyBudget(body: .init(weightKilograms: 70, heightCentimeters: 175, ageYears: 35, gender: .male),
///                           activity: .sedentary, goal: .lose(kilogramsPerWeek: 0.5))
/// budget.target(workoutKilocalories: 450).kilocalories   // 1,849: 1,623.75 × 1.2 + 450 − 550, rounded
/// ```
public struct EnergyBudget: Sendable, Equatable {
    /// What the basal rate is worked out from.
    public struct Body: Sendable, Equatable {
        public var weightKilograms: Double
        public var heightCentimeters: Double
        public var ageYears: Int
        public var gender: Gender

        public init(weightKilograms: Double, heightCentimeters: Double, ageYears: Int, gender: Gender) {
            self.weightKilograms = weightKilograms
            self.heightCentimeters = heightCentimeters
            self.ageYears = ageYears
            self.gender = gender
        }
    }

    /// About 7,700 kcal per kilogram of body fat: an approximation (the body's water and lean mass move too, and a
    /// long deficit lowers the basal rate), good enough for a daily budget, not a prediction of the scales.
    public static let kilocaloriesPerKilogram = 7700.0

    public var body: Body
    public var activity: ActivityLevel
    public var goal: WeightGoal

    public init(body: Body, activity: ActivityLevel, goal: WeightGoal) {
        self.body = body
        self.activity = activity
        self.goal = goal
    }

    /// Mifflin–St Jeor (1990), kcal a day: 10 × kg + 6.25 × cm − 5 × years, + 5 for men, − 161 for women; `other`
    /// takes the mean of the two (− 78).
    public static func basalMetabolicRate(_ body: Body) -> Double {
        let common = 10 * body.weightKilograms + 6.25 * body.heightCentimeters - 5 * Double(body.ageYears)
        switch body.gender {
        case .male: return common + 5
        case .female: return common - 161
        case .other: return common - 78
        }
    }

    /// The least the hub will set as a day's target, kcal: under about 1,200 (women) or 1,500 (men) a day it is
    /// hard to eat the protein, vitamins and minerals a body needs, and dieting that hard belongs with a doctor.
    /// `other` takes the lower, 1,200.
    public static func floor(for gender: Gender) -> Int { gender == .male ? 1500 : 1200 }

    /// Today's target with `workoutKilocalories` burned in the hub's workouts so far.
    public func target(workoutKilocalories: Int) -> DailyTarget {
        let basal = Self.basalMetabolicRate(body)
        let deficit = goal.dailyKilocalories
        let planned = basal * activity.factor + Double(max(0, workoutKilocalories)) - deficit
        let floor = Self.floor(for: body.gender)
        let rounded = Int(planned.rounded())
        return DailyTarget(
            kilocalories: max(floor, rounded), basalKilocalories: Int(basal.rounded()),
            goalKilocalories: Int(deficit.rounded()), workoutKilocalories: max(0, workoutKilocalories),
            heldAtFloor: rounded < floor)
    }
}

/// A day's target and how it was made, for `stayfit today` to show its working.
public struct DailyTarget: Sendable, Equatable {
    /// What to eat today, kcal.
    public var kilocalories: Int
    public var basalKilocalories: Int
    /// The goal's daily change: positive to lose weight (a deficit), negative to gain.
    public var goalKilocalories: Int
    public var workoutKilocalories: Int
    /// The goal asked for less than ``EnergyBudget/floor(for:)``: the target is the floor instead.
    public var heldAtFloor: Bool

    /// "You have 640 calories left today." or "You are 120 calories over today's target."
    public func left(afterEating eaten: Int) -> String {
        let left = kilocalories - eaten
        if left >= 0 { return "You have \(Self.calories(left)) left today." }
        return "You are \(Self.calories(-left)) over today's target."
    }

    private static func calories(_ count: Int) -> String { count == 1 ? "1 calorie" : "\(count) calories" }
}

/// How active a day is without the workouts the hub records (those are added as measured): the common
/// Harris–Benedict factors.
public enum ActivityLevel: String, Sendable, CaseIterable, Equatable {
    case sedentary
    case light
    case moderate
    case active
    case veryActive = "very-active"

    /// The factor the basal rate is multiplied by.
    public var factor: Double {
        switch self {
        case .sedentary: 1.2
        case .light: 1.375
        case .moderate: 1.55
        case .active: 1.725
        case .veryActive: 1.9
        }
    }

    /// As a person reads it in `stayfit today`.
    public var words: String {
        switch self {
        case .sedentary: "sedentary (desk work, little walking)"
        case .light: "light (on your feet some of the day)"
        case .moderate: "moderate (on your feet most of the day)"
        case .active: "active (physical work)"
        case .veryActive: "very active (hard physical work)"
        }
    }
}

/// Where the person's weight should go, a week at a time.
public enum WeightGoal: Sendable, Equatable {
    case lose(kilogramsPerWeek: Double)
    case maintain
    case gain(kilogramsPerWeek: Double)

    /// The rates a person can choose, kg a week: faster than 1 kg is not a rate the hub will plan for.
    public static let losingRates = [0.25, 0.5, 0.75, 1.0]
    public static let gainingRates = [0.25, 0.5]

    /// The daily deficit (positive) or surplus (negative), kcal: the week's kilograms × 7,700 / 7.
    public var dailyKilocalories: Double {
        switch self {
        case .lose(let rate): rate * EnergyBudget.kilocaloriesPerKilogram / 7
        case .maintain: 0
        case .gain(let rate): -rate * EnergyBudget.kilocaloriesPerKilogram / 7
        }
    }

    /// `lose 0.5`, `maintain`, `gain 0.25` (kg a week), as `stayfit people set --goal` takes it.
    public init(parsing text: String) throws(NutritionError) {
        let words = text.lowercased().split(separator: " ").map(String.init)
        let usage =
            "Give maintain, lose 0.25, lose 0.5, lose 0.75, lose 1, gain 0.25 or gain 0.5 (kilograms a week)."
        switch words.first {
        case "maintain" where words.count == 1: self = .maintain
        case "lose", "gain":
            guard words.count == 2, let rate = Double(words[1]) else {
                throw NutritionError("\"\(text)\" is no weight goal", fix: usage)
            }
            let rates = words[0] == "lose" ? Self.losingRates : Self.gainingRates
            guard rates.contains(rate) else {
                throw NutritionError("\(words[0]) \(words[1]) kg a week is not a rate the hub plans for", fix: usage)
            }
            self = words[0] == "lose" ? .lose(kilogramsPerWeek: rate) : .gain(kilogramsPerWeek: rate)
        default: throw NutritionError("\"\(text)\" is no weight goal", fix: usage)
        }
    }
}

/// What is wrong with a food, an amount or a goal, and how to put it right.
public struct NutritionError: Error, Sendable, Equatable, CustomStringConvertible {
    public var problem: String
    public var fix: String
    /// Something was left out or given together that cannot be (no food named, kcal with grams): a usage mistake
    /// (the command line's exit status 64) rather than a bad value (65).
    public var isUsage: Bool

    public init(_ problem: String, fix: String, isUsage: Bool = false) {
        self.problem = problem
        self.fix = fix
        self.isUsage = isUsage
    }

    public var description: String { "\(problem). \(fix)" }
}
