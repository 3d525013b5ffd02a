import Testing

@testable import Nutrition

@Suite struct FoodSearchTests {
    static func foods() throws -> [Food] {
        try [
            ("banana, raw", 89.0), ("porridge (oatmeal), cooked with milk", 102),
            ("porridge (oatmeal), cooked with water", 71),
            ("bread, whole wheat", 252), ("ham, sliced", 145), ("jam", 278), ("yogurt, plain, whole milk", 61),
            ("milk, whole", 61), ("milk, semi-skimmed", 46), ("chocolate, milk", 535),
        ].map { try Food(name: $0.0, kilocaloriesPer100Grams: $0.1) }
    }

    private func names(
        _ query: String, favourites: Set<String> = [], eaten: [String: Int] = [:]
    ) throws -> [String] {
        FoodSearch.search(query, in: try Self.foods(), favourites: favourites, eaten: eaten).map(\.name)
    }

    @Test func eachWordStartsAWordOfTheName() throws {
        #expect(try names("porr milk") == ["porridge (oatmeal), cooked with milk"])
        #expect(try names("ban") == ["banana, raw"])
        #expect(try names("MILK").first == "milk, whole", "a name that starts with it first, then the shortest")
        #expect(
            try names("milk") == [
                "milk, whole", "milk, semi-skimmed", "chocolate, milk", "yogurt, plain, whole milk",
                "porridge (oatmeal), cooked with milk",
            ])
    }

    @Test func aTypoOrTwoInALongWordIsForgiven() throws {
        #expect(try names("bananna") == ["banana, raw"])
        #expect(try names("yoghurt") == ["yogurt, plain, whole milk"])
        #expect(try names("porirdge water") == ["porridge (oatmeal), cooked with water"], "two letters swapped")
        #expect(try names("chocolat") == ["chocolate, milk"])
        // Short words must match: "ham" is not "jam".
        #expect(try names("ham") == ["ham, sliced"])
        #expect(try names("xyzzy").isEmpty)
        #expect(try names("").isEmpty)
        #expect(try names("  ,, ").isEmpty)
    }

    @Test func aNameWithAccentsIsFoundByItsLettersWhicheverWayTheAccentIsWritten() throws {
        // "crème" as one scalar è, and as e and a combining grave accent: either is one typo from "creme".
        let foods = try ["crème fraîche", "cre\u{300}me caramel", "cream, single"].map {
            try Food(name: $0, kilocaloriesPer100Grams: 300)
        }
        let found = FoodSearch.search("creme", in: foods).map(\.name)
        #expect(found.count == 2 && !found.contains("cream, single"), "\(found)")
        #expect(FoodSearch.search("fraîche", in: foods).map(\.name) == ["crème fraîche"])
    }

    @Test func favouritesAndTheMostEatenComeFirst() throws {
        #expect(
            try names("milk", eaten: ["milk, semi-skimmed": 12, "chocolate, milk": 3]).prefix(2) == [
                "milk, semi-skimmed", "chocolate, milk",
            ])
        #expect(
            try names("milk", favourites: ["yogurt, plain, whole milk"], eaten: ["milk, semi-skimmed": 12]).first
                == "yogurt, plain, whole milk")
    }
}
