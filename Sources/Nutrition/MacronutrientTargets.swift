/// A day's grams of protein, carbohydrate and fat to aim for, made from the day's energy target and the body's
/// weight, for `stayfit today` and `stayfit stats food`.
///
/// The basis, for people who train (the hub's people do):
/// - protein 1.6 g per kilogram of body weight: the amount past which more protein no longer adds to what
///   resistance training builds (Morton et al., British Journal of Sports Medicine 2018), and within the 1.4–2.0 g
///   the International Society of Sports Nutrition advises for people who exercise;
/// - fat 30 % of the energy: the top of the 20–35 % the dietary reference intakes give, and what the WHO advises
///   as the most;
/// - carbohydrate the rest of the energy (4 kcal a gram of protein or carbohydrate, 9 of fat).
///
/// These are defaults, not a prescription: when the day's target is low and the body heavy, protein and fat can
/// take all the energy, and carbohydrate is then 0, not less.
///
/// ```swift
/// let targets = MacronutrientTargets(kilocalories: 2000, weightKilograms: 70)
/// // protein 112 g (448 kcal), fat 67 g (600 kcal), carbohydrate 238 g ((2000 − 448 − 600) / 4)
/// ```
public struct MacronutrientTargets: Sendable, Equatable, Codable {
    /// Grams of protein a kilogram of body weight, a day.
    public static let proteinGramsPerKilogram = 1.6
    /// The share of the day's energy from fat.
    public static let fatShare = 0.30

    public var proteinGrams: Int
    public var carbohydrateGrams: Int
    public var fatGrams: Int

    /// The targets for a day of `kilocalories` and a body of `weightKilograms`.
    public init(kilocalories: Int, weightKilograms: Double) {
        let energy = Double(max(0, kilocalories))
        let protein = Self.proteinGramsPerKilogram * max(0, weightKilograms)
        let fat = Self.fatShare * energy / 9
        let carbohydrate = max(0, (energy - 4 * protein - 9 * fat) / 4)
        proteinGrams = Int(protein.rounded())
        carbohydrateGrams = Int(carbohydrate.rounded())
        fatGrams = Int(fat.rounded())
    }
}
