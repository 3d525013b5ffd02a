import Testing

@testable import Nutrition

/// The shipped table, as a person searches it.
@Suite struct FoodTableTests {
    private func first(_ query: String, favourites: Set<String> = [], eaten: [String: Int] = [:]) -> String? {
        FoodSearch.search(query, in: FoodTable.shared.foods, favourites: favourites, eaten: eaten).first?.name
    }

    @Test func everyFoodReadsAndNoNameIsThereTwice() {
        let foods = FoodTable.shared.foods
        #expect(foods.count >= 300)
        #expect(Set(foods.map { $0.name.lowercased() }).count == foods.count)
        // Energy agrees with the macronutrients (4, 4 and 9 kcal a gram) within a fifth, alcohol aside.
        for food in foods where !["beer", "wine", "cider", "spirits"].contains(where: { food.name.hasPrefix($0) }) {
            let worked = 4 * food.proteinPer100Grams + 4 * food.carbohydratePer100Grams + 9 * food.fatPer100Grams
            #expect(
                abs(worked - food.kilocaloriesPer100Grams) <= max(25, 0.2 * food.kilocaloriesPer100Grams), "\(food)")
        }
    }

    @Test func aFewLettersTyposAndFavouritesFindWhatAPersonMeans() throws {
        #expect(first("banan") == "banana, raw")
        #expect(first("bananna") == "banana, raw")
        let chicken = FoodSearch.search("chiken", in: FoodTable.shared.foods, limit: 5).map(\.name)
        #expect(chicken.allSatisfy { $0.hasPrefix("chicken") }, "names that start with it first: \(chicken)")
        #expect(first("porridge water") == "porridge (oatmeal), cooked with water")
        #expect(first("porrige semi") == "porridge (oatmeal), cooked with semi-skimmed milk")
        #expect(first("oatmeal skim")?.hasPrefix("porridge (oatmeal), cooked with skim milk") == true)
        #expect(
            first("greek yog") == "greek yogurt, plain, nonfat"
                || first("greek yog") == "greek yogurt, plain, whole milk")
        let milk = try #require(first("milk"))
        #expect(milk.hasPrefix("milk, "), "a name that starts with the word comes first: \(milk)")
        #expect(first("milk", favourites: ["soy milk, unsweetened"]) == "soy milk, unsweetened")
        #expect(first("milk", eaten: ["almond milk, unsweetened": 9]) == "almond milk, unsweetened")
    }

    @Test(arguments: [
        ("apple", "apple, raw"), ("rice", "rice, white, cooked"),
        ("potato", "potato, baked (jacket potato), with skin"),
        ("chicken", "chicken, roasted, meat and skin"), ("egg", "egg, whole, raw"),
        ("bread", "bread, white"),
    ])
    func aPlainNameFindsThePlainFoodNotADishThatStartsWithIt(query: String, expected: String) {
        // What `stayfit food add apple` logs: an apple (95 kcal), not a slice of apple pie (296 kcal).
        #expect(first(query) == expected)
    }

    @Test func aWordFoundWholeComesBeforeAWordItOnlyStarts() {
        // "cheese" is a cheese, whichever (the shortest name), and not the cheesecake that starts with it.
        let cheese = first("cheese")
        #expect(cheese?.hasSuffix(" cheese") == true, "\(cheese ?? "nothing")")
    }

    @Test func aPortionOfAShippedFoodIsItsGrams() throws {
        let porridge = try #require(FoodSearch.search("porridge whole milk", in: FoodTable.shared.foods).first)
        #expect(try Amount(portion: "1 bowl").grams(of: porridge) == 290)
        #expect(porridge.kilocalories(grams: 290) == 307)  // 106 × 2.9 = 307.4
    }
}
