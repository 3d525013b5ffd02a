import Foundation
import HubCore
import HubStore
import Nutrition
import Records
import Reports
import Testing

@testable import Web

@Suite struct FoodPageTests {
    static let morning = LocalTime.date(year: 2026, month: 11, day: 27, hour: 8)
    static let day = "2026-11-27"

    /// The names of the matches, in the page's order.
    static func matches(_ page: WebPage) -> [String] {
        page.body.components(separatedBy: "<p class=\"food\"><span class=\"name\">").dropFirst().map {
            String($0.prefix { $0 != "<" })
        }
    }

    @Test func theSearchShowsTheMatchesOfFoodSearchFavouritesFirst() async throws {
        let fixture = try await PeopleFixture()
        try await fixture.store.setFavouriteFood("porridge (oatmeal), cooked with skim milk", true)
        let page = try await FoodPage.render(
            query: ["q": "porr"], diary: fixture.store, csrfToken: "tok", now: Self.morning)
        let names = Self.matches(page)
        #expect(names.first == "porridge (oatmeal), cooked with skim milk")
        // The four porridges before the foods only typo-close ("pork"), as many as `stayfit food search` shows.
        #expect(names.count == 10 && names.prefix(4).allSatisfy { $0.hasPrefix("porridge (oatmeal)") }, "\(names)")
        #expect(names == (try await FoodCatalog(store: fixture.store, now: Self.morning)).search("porr").map(\.name))
        #expect(page.body.contains("<span class=\"favourite\">★ favourite</span>"))
        #expect(page.body.contains("83 kcal per 100 g; 1 bowl (290 g), 1 cup (240 g)"))
        // Each match has its form: the token, the food, an amount, the meal of the time of day chosen.
        #expect(
            page.body.contains(
                "<form class=\"add\" method=\"post\" action=\"/food/add\"><input type=\"hidden\" name=\"csrf\" "
                    + "value=\"tok\"><input type=\"hidden\" name=\"food\" value=\"porridge (oatmeal), cooked with skim milk\">"
            ))
        #expect(page.body.contains("<option value=\"breakfast\" selected>Breakfast</option>"))
        #expect(!page.body.contains("<option value=\"dinner\" selected>"))
    }

    @Test func beforeASearchTheUsualFoodsAreOfferedFavouritesAndMostEatenFirst() async throws {
        let fixture = try await PeopleFixture()
        let empty = try await FoodPage.render(query: [:], diary: fixture.store, csrfToken: "t", now: Self.morning)
        #expect(!empty.body.contains("Your usual foods") && Self.matches(empty).isEmpty)
        try await fixture.store.setFavouriteFood("porridge (oatmeal), cooked with skim milk", true)
        for food in ["banana, raw", "apple, raw", "apple, raw"] {
            #expect(
                try await FoodPage.add(["food": food], diary: fixture.store, csrfToken: "t", now: Self.morning)
                    == .redirect(to: "/today"))
        }
        // A plain number of kcal is no food to offer again.
        _ = try await FoodPage.add(["kcal": "350"], diary: fixture.store, csrfToken: "t", now: Self.morning)
        let page = try await FoodPage.render(query: ["q": " "], diary: fixture.store, csrfToken: "t", now: Self.morning)
        #expect(page.body.contains("<h2>Your usual foods</h2>"))
        #expect(Self.matches(page) == ["porridge (oatmeal), cooked with skim milk", "apple, raw", "banana, raw"])
    }

    @Test func theMealChosenFollowsTheTimeOfDay() async throws {
        let fixture = try await PeopleFixture()
        let evening = LocalTime.date(year: 2026, month: 11, day: 27, hour: 19)
        let page = try await FoodPage.render(query: [:], diary: fixture.store, csrfToken: "t", now: evening)
        #expect(page.body.contains("<option value=\"dinner\" selected>Dinner</option>"))
        #expect(Self.matches(page).isEmpty)
        let none = try await FoodPage.render(query: ["q": "xyzzyq"], diary: fixture.store, csrfToken: "t")
        #expect(none.body.contains("No food matches."))
    }

    @Test func addingAPortionLogsWhatTheCommandLineWouldAndGoesToToday() async throws {
        let fixture = try await PeopleFixture()
        let outcome = try await FoodPage.add(
            [
                "food": "porridge (oatmeal), cooked with whole milk", "amount": "1 bowl", "meal": "breakfast",
                "csrf": "t",
            ],
            diary: fixture.store, csrfToken: "t", now: Self.morning)
        #expect(outcome == .redirect(to: "/today"))
        let entry = try #require(try await fixture.store.foodEntries(from: Self.day, through: Self.day).first)
        // 1 bowl is 290 g: 106 × 2.9 = 307.4 kcal, 5.1 × 2.9 g of protein.
        #expect(entry.food == "porridge (oatmeal), cooked with whole milk" && entry.grams == 290)
        #expect(entry.kilocalories == 307 && entry.meal == "breakfast" && entry.day == Self.day)
        #expect(abs((entry.proteinGrams ?? 0) - 14.79) < 1e-9)
        let today = try await TodayPage.render(diary: fixture.store, csrfToken: "t", now: Self.morning)
        #expect(today.body.contains("porridge (oatmeal), cooked with whole milk, 290 g: 307 kcal"))
    }

    @Test(arguments: [
        // Its first portion (1 medium, 182 g) at the morning's meal.
        (["food": "apple, raw"], "apple, raw", 182.0, 95, "breakfast"),
        (["food": "bananna", "amount": "200"], "banana, raw", 200, 178, "breakfast"),  // a typo forgiven; 89 × 2
        (["food": "apple, raw", "amount": "150 g", "meal": "Snacks"], "apple, raw", 150, 78, "snack"),
        (
            ["food": "porridge (oatmeal), cooked with water", "amount": "1.5 cups"],
            "porridge (oatmeal), cooked with water", 351, 249, "breakfast"
        ),
    ])
    func anAmountIsGramsOrAPortion(form: [String: String], food: String, grams: Double, kcal: Int, meal: String)
        async throws
    {
        let fixture = try await PeopleFixture()
        #expect(
            try await FoodPage.add(form, diary: fixture.store, csrfToken: "t", now: Self.morning)
                == .redirect(to: "/today"))
        let entry = try #require(try await fixture.store.foodEntries(from: Self.day, through: Self.day).first)
        #expect(
            entry.food == food && entry.grams == grams && entry.kilocalories == kcal && entry.meal == meal, "\(entry)")
    }

    @Test func aPlainNumberOfKilocaloriesIsLogged() async throws {
        let fixture = try await PeopleFixture()
        #expect(
            try await FoodPage.add(
                ["kcal": " 350 ", "meal": "lunch"], diary: fixture.store, csrfToken: "t", now: Self.morning)
                == .redirect(to: "/today"))
        let entry = try #require(try await fixture.store.foodEntries(from: Self.day, through: Self.day).first)
        #expect(entry.food == "350 kcal" && entry.grams == nil && entry.kilocalories == 350 && entry.meal == "lunch")
    }

    @Test(arguments: [
        (["food": "banana", "amount": "-5"], "-5.0 g is not a helping"),
        (["food": "banana", "amount": "20000 g"], "20000.0 g is not a helping"),
        (["food": "banana", "amount": "1 loaf"], "banana, raw has no portion \"loaf\""),
        (["food": "banana", "amount": "0 slices"], "\"0 slices\" is not a portion"),
        (["food": "xyzzyq"], "no food called xyzzyq"),
        (["food": ""], "say what you ate"),
        (["food": "banana", "meal": "brunch"], "\"brunch\" is no meal"),
        (["kcal": "30000"], "30000 kcal is not what a meal gives"),
        (["kcal": "-5"], "-5 kcal is not what a meal gives"),
        (["kcal": ""], "say what you ate"),
        ([:], "say what you ate"),
    ])
    func aBadValueIsRefusedWithTheCommandLinesWordsAndNothingLogged(form: [String: String], message: String)
        async throws
    {
        let fixture = try await PeopleFixture()
        let outcome = try await FoodPage.add(form, diary: fixture.store, csrfToken: "tok", now: Self.morning)
        guard case .invalid(let page) = outcome else { Issue.record("\(outcome)"); return }
        #expect(
            page.body.contains("<div class=\"problems\" role=\"alert\"><p>" + HTMLText.escape(message)),
            "\(page.body.prefix(400))")
        #expect(try await fixture.store.foodEntries(from: Self.day, through: Self.day).isEmpty)
        // The same request on the command line's path (FoodLogRequest, as `stayfit food add` builds it) says the same.
        let catalog = try await FoodCatalog(store: fixture.store, now: Self.morning)
        #expect(throws: NutritionError.self) { try FoodPage.request(form).entry(in: catalog, at: Self.morning) }
    }

    @Test func aRefusedFoodIsSearchedAgain() async throws {
        let fixture = try await PeopleFixture()
        let outcome = try await FoodPage.add(
            ["food": "banana", "amount": "1 loaf"], diary: fixture.store, csrfToken: "tok", now: Self.morning)
        guard case .invalid(let page) = outcome else { Issue.record("\(outcome)"); return }
        #expect(Self.matches(page).first == "banana, raw")
        #expect(page.body.contains("name=\"q\" value=\"banana\""))
    }

    @Test func hostileTextIsShownAsText() async throws {
        let fixture = try await PeopleFixture()
        let page = try await FoodPage.render(
            query: ["q": "\"><script>x</script>"], diary: fixture.store, csrfToken: "t", now: Self.morning)
        #expect(!page.body.contains("<script"))
        #expect(page.body.contains("value=\"&quot;&gt;&lt;script&gt;x&lt;/script&gt;\""))
        let outcome = try await FoodPage.add(
            ["food": "<img src=x onerror=alert(1)>"], diary: fixture.store, csrfToken: "t", now: Self.morning)
        guard case .invalid(let refused) = outcome else { Issue.record("\(outcome)"); return }
        #expect(!refused.body.contains("<img"))
    }
}
