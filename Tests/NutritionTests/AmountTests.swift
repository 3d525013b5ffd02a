import Testing

@testable import Nutrition

@Suite struct AmountTests {
    static func bread() throws -> Food {
        try Food(
            name: "bread, whole wheat", kilocaloriesPer100Grams: 252,
            portions: [.init(label: "1 slice", grams: 32), .init(label: "1 cup crumbs", grams: 45)])
    }

    @Test func aPortionIsFoundByItsNameInTheSingularOrPluralAndCounted() throws {
        #expect(try Amount(portion: "2 slices").grams(of: try Self.bread()) == 64)
        #expect(try Amount(portion: "slice").grams(of: try Self.bread()) == 32)
        #expect(try Amount(portion: "0.5 cup").grams(of: try Self.bread()) == 22.5)
        #expect(try Amount.grams(250).grams(of: try Self.bread()) == 250)
        #expect(try Self.bread().kilocalories(grams: 64) == 161)  // 252 × 0.64 = 161.28
    }

    @Test func anUnknownPortionNamesTheOnesThereAre() {
        #expect {
            try Amount(portion: "1 loaf").grams(of: try Self.bread())
        } throws: { error in
            "\(error)"
                == "bread, whole wheat has no portion \"loaf\". Give one of: 1 slice, 1 cup crumbs, or grams (--grams)."
        }
    }

    @Test(arguments: ["", "0 slices", "-1 slice", "1e9 slices", "nan slices", "3"])
    func anAmountThatIsNoHelpingIsRefused(_ text: String) {
        #expect(throws: NutritionError.self) { try Amount(portion: text).grams(of: try Self.bread()) }
    }

    @Test(arguments: [0.0, -5, 5001, .infinity, .nan])
    func gramsThatAreNoHelpingAreRefused(_ grams: Double) {
        #expect(throws: NutritionError.self) { try Amount.grams(grams).grams(of: try Self.bread()) }
    }

    @Test func aMealIsReadOrGuessedFromTheHour() throws {
        #expect(try Meal(parsing: "Snacks") == .snack)
        #expect(try Meal(parsing: "breakfast") == .breakfast)
        #expect(throws: NutritionError.self) { try Meal(parsing: "brunch") }
        #expect(
            [7, 12, 16, 19, 23, 2].map(Meal.likely(atHour:)) == [.breakfast, .lunch, .snack, .dinner, .snack, .snack])
    }

    @Test func aFoodWhoseMacronutrientsOutweighItIsRefused() {
        #expect(throws: NutritionError.self) {
            try Food(name: "odd", kilocaloriesPer100Grams: 400, proteinPer100Grams: 60, carbohydratePer100Grams: 50)
        }
        #expect(throws: NutritionError.self) { try Food(name: "\u{1}\u{2}", kilocaloriesPer100Grams: 10) }
        #expect(throws: NutritionError.self) {
            try Food(name: String(repeating: "a", count: 10_000), kilocaloriesPer100Grams: 10)
        }
        #expect(throws: NutritionError.self) { try Food(name: "fat", kilocaloriesPer100Grams: 901) }
    }
}
