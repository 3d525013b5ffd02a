import Foundation

/// One thing eaten, as the food log keeps it: what, how much, when and in which meal, and what it gave. The
/// figures are worked out when it is logged, so a food changed or removed later does not change what was eaten.
public struct FoodEntry: Sendable, Equatable, Codable, Identifiable {
    public var id: Int64
    public var eatenAt: Date
    /// The local day it counts for, fixed when logged: a day's total does not move with the time zone.
    public var day: String
    /// `breakfast`, `lunch`, `dinner` or `snack`.
    public var meal: String
    /// The food's name, or "350 kcal" for a plain number.
    public var food: String
    /// Nil for a plain number of kilocalories.
    public var grams: Double?
    public var kilocalories: Int
    public var proteinGrams: Double?
    public var carbohydrateGrams: Double?
    public var fatGrams: Double?

    public init(
        id: Int64 = 0, eatenAt: Date, day: String, meal: String, food: String, grams: Double?, kilocalories: Int,
        proteinGrams: Double? = nil, carbohydrateGrams: Double? = nil, fatGrams: Double? = nil
    ) {
        self.id = id
        self.eatenAt = eatenAt
        self.day = day
        self.meal = meal
        self.food = food
        self.grams = grams
        self.kilocalories = kilocalories
        self.proteinGrams = proteinGrams
        self.carbohydrateGrams = carbohydrateGrams
        self.fatGrams = fatGrams
    }
}

/// A food a person added themselves ("my protein bar"), found by the search beside the shipped ones.
public struct OwnFood: Sendable, Equatable, Codable {
    public var name: String
    public var kilocaloriesPer100Grams: Double
    public var proteinPer100Grams: Double
    public var carbohydratePer100Grams: Double
    public var fatPer100Grams: Double
    /// `1 bar=40;1 scoop=30`, as the food table writes portions.
    public var portions: String

    public init(
        name: String, kilocaloriesPer100Grams: Double, proteinPer100Grams: Double = 0,
        carbohydratePer100Grams: Double = 0, fatPer100Grams: Double = 0, portions: String = ""
    ) {
        self.name = name
        self.kilocaloriesPer100Grams = kilocaloriesPer100Grams
        self.proteinPer100Grams = proteinPer100Grams
        self.carbohydratePer100Grams = carbohydratePer100Grams
        self.fatPer100Grams = fatPer100Grams
        self.portions = portions
    }
}

/// A weighing: `stayfit weight 72.4`.
public struct WeightEntry: Sendable, Equatable, Codable {
    public var measuredAt: Date
    public var day: String
    public var kilograms: Double

    public init(measuredAt: Date, day: String, kilograms: Double) {
        self.measuredAt = measuredAt
        self.day = day
        self.kilograms = kilograms
    }
}
