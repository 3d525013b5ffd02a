import Foundation
import HubCore
import Records

/// What someone asked to log, as `stayfit food add` and the web's food form take it: a food's name (a few letters
/// do) or a plain number of kcal ("350 kcal"), how much, and the meal. ``entry(in:at:)`` checks it and works out
/// the entry, so that the command line and the web refuse the same things with the same words.
public struct FoodLogRequest: Sendable, Equatable {
    /// The food's name, or a number and "kcal".
    public var text: String
    public var grams: Double?
    /// "2 slices", "1 cup".
    public var portion: String?
    /// `breakfast`, `Lunch`, `snacks`; nil: the meal of the time of day (``Meal/likely(atHour:)``).
    public var meal: String?

    /// The most a plain number of kcal may be: a day's eating, not a typo's.
    public static let mostKilocalories = 20_000

    public init(text: String, grams: Double? = nil, portion: String? = nil, meal: String? = nil) {
        self.text = text
        self.grams = grams
        self.portion = portion
        self.meal = meal
    }

    /// The entry to log at `now`, for the day `now` falls on in the local time zone.
    ///
    /// - Throws: `NutritionError` for no food named or one that is not there, a number of kcal out of range, an
    ///   amount or a meal that is not one; nothing is logged then.
    public func entry(in catalog: FoodCatalog, at now: Date) throws(NutritionError) -> FoodEntry {
        let chosenMeal =
            if let meal { try Meal(parsing: meal) } else {
                Meal.likely(at: now)
            }
        let text = text.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else {
            throw NutritionError(
                "say what you ate", fix: "Give a food, e.g. banana, or a number of kcal, e.g. 350 kcal.", isUsage: true)
        }
        guard grams == nil || portion == nil else {
            throw NutritionError("give grams or a portion, not both", fix: "Say how much one way.", isUsage: true)
        }
        let day = "\(CalendarDay(local: now))"
        if Self.plainKilocalories(text) == nil, Self.looksLikeKilocalories(text) {
            throw NutritionError(
                "\(Format.printable(text, limit: 30)) is not what a meal gives", fix: "Give 0 to 20000 kcal.")
        }
        if let kilocalories = Self.plainKilocalories(text) {
            guard grams == nil, portion == nil else {
                throw NutritionError(
                    "a plain number of kcal takes no grams or portion", fix: "Give the kcal alone.", isUsage: true)
            }
            return FoodEntry(
                eatenAt: now, day: day, meal: chosenMeal.rawValue, food: "\(kilocalories) kcal", grams: nil,
                kilocalories: kilocalories)
        }
        guard let food = catalog.food(named: text) else {
            throw NutritionError(
                "no food called \(Format.printable(text, limit: 60))",
                fix: "Look for it by a few letters of its name, or add it as a food of your own (kcal per 100 g).")
        }
        let amount: Amount =
            if let grams { .grams(grams) } else if let portion {
                try Amount(portion: portion)
            } else if let first = food.portions.first {
                .grams(first.grams)
            } else { .grams(100) }
        let weight = try amount.grams(of: food)
        let share = weight / 100
        return FoodEntry(
            eatenAt: now, day: day, meal: chosenMeal.rawValue, food: food.name, grams: weight,
            kilocalories: food.kilocalories(grams: weight), proteinGrams: food.proteinPer100Grams * share,
            carbohydrateGrams: food.carbohydratePer100Grams * share, fatGrams: food.fatPer100Grams * share)
    }

    /// Whether `text` is a number and "kcal" ("-5 kcal", "1e9 kcal"), in range or not.
    public static func looksLikeKilocalories(_ text: String) -> Bool {
        let compact = text.lowercased().replacingOccurrences(of: " ", with: "")
        return compact.hasSuffix("kcal") && Double(compact.dropLast(4)) != nil
    }

    /// 350 from "350 kcal" or "350kcal"; nil for anything else. At most ``mostKilocalories``.
    public static func plainKilocalories(_ text: String) -> Int? {
        let compact = text.lowercased().replacingOccurrences(of: " ", with: "")
        guard compact.hasSuffix("kcal"), let value = Int(compact.dropLast(4)), (0...mostKilocalories).contains(value)
        else { return nil }
        return value
    }
}
