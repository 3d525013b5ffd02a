import Foundation
import HubCore
import Nutrition
import Records

/// `/food?q=porr`: adding food on a phone. The search box finds foods as `stayfit food search` does (the person's
/// own foods and favourites, then the ones they eat most, first); each match has a small form (how much, the meal,
/// Add: POST `/food/add`), and a plain number of kcal has one too (`stayfit food add 350 kcal`).
///
/// ```swift
/// let page = try await FoodPage.render(query: parameters, diary: store, csrfToken: token)
/// let outcome = try await FoodPage.add(form, diary: store, csrfToken: token)   // .redirect(to: "/today")
/// ```
enum FoodPage {
    /// As many matches as `stayfit food search` shows.
    static let matches = 10

    /// The search form, and the matches of `query["q"]` with their forms; `problem` above them after a food was not
    /// logged.
    static func render(
        query: [String: String], diary: any FoodDiary, csrfToken: String, now: Date = Date(), problem: String? = nil
    ) async throws -> WebPage {
        let text = (query["q"] ?? "").trimmingCharacters(in: .whitespaces)
        let meal = Meal.likely(at: now)
        var body =
            "<h1>Add food</h1>" + PeopleMarkup.problem(problem)
            + "<form class=\"search\" method=\"get\" action=\"/food\"><label>Food "
            + "<input type=\"search\" name=\"q\" value=\"\(HTMLText.escape(text))\" autocomplete=\"off\"></label>"
            + "<button type=\"submit\">Search</button></form>"
        let catalog = try await FoodCatalog(store: diary, now: now)
        let row = { (food: Food) in
            item(food, favourite: catalog.favourites.contains(food.name.lowercased()), meal: meal, csrfToken: csrfToken)
        }
        if !text.isEmpty {
            let found = catalog.search(text, limit: matches)
            if found.isEmpty {
                body += HistoryMarkup.paragraph(
                    "No food matches. Try fewer letters, or log a number of kcal below.", className: "empty")
            } else {
                body += "<ul class=\"foods\">" + found.map(row).joined() + "</ul>"
            }
        } else {
            // Before anything is typed, what the person usually eats: one tap from the page to the log.
            let usual = catalog.usual(limit: matches)
            if !usual.isEmpty {
                body += "<h2>Your usual foods</h2><ul class=\"foods\">" + usual.map(row).joined() + "</ul>"
            }
        }
        body +=
            "<h2>A number of kcal</h2>" + PeopleMarkup.postForm("/food/add", csrfToken: csrfToken, className: "add")
            + "<label>kcal <input type=\"text\" name=\"kcal\" inputmode=\"numeric\" autocomplete=\"off\"></label>"
            + mealSelect(selected: meal) + "<button type=\"submit\">Add</button></form>"
            + PeopleMarkup.links([("Today", "/today"), ("Log weight", "/weight")])
        return WebPage(title: "Add food", body: body)
    }

    /// Logs what the form says, checked as `stayfit food add` checks it (``FoodLogRequest``), and sends the person
    /// to `/today`, where the new line shows; the form again with what was wrong otherwise.
    ///
    /// Fields: `food` (a name, as the search gave it) with `amount` (grams, "150 g", or a portion such as "1 slice";
    /// empty: the food's first portion), or `kcal` (a plain number); `meal` (empty: the meal of the time of day).
    static func add(_ form: [String: String], diary: any FoodDiary, csrfToken: String, now: Date = Date())
        async throws -> FormOutcome
    {
        let request = request(form)
        do {
            let entry = try request.entry(in: try await FoodCatalog(store: diary, now: now), at: now)
            _ = try await diary.logFood(entry)
            return .redirect(to: "/today")
        } catch let error as NutritionError {
            // The search again for what was typed, so that the person can put it right at once.
            let again = form["food"] ?? ""
            return .invalid(
                try await render(
                    query: ["q": String(again.prefix(100))], diary: diary, csrfToken: csrfToken, now: now,
                    problem: FieldWords.onPage(error.description, labels: FieldWords.food)))
        }
    }

    /// The form's fields as `stayfit food add`'s arguments.
    static func request(_ form: [String: String]) -> FoodLogRequest {
        let meal = form["meal"].flatMap { $0.isEmpty ? nil : $0 }
        if let kcal = form["kcal"] {
            let number = kcal.trimmingCharacters(in: .whitespaces)
            return FoodLogRequest(text: number.isEmpty ? "" : number + " kcal", meal: meal)
        }
        let amount = (form["amount"] ?? "").trimmingCharacters(in: .whitespaces)
        var request = FoodLogRequest(text: form["food"] ?? "", meal: meal)
        if amount.isEmpty {
            return request
        }
        // "150" and "150 g" are grams; anything else names a portion ("1 slice", "2 cups").
        let number =
            amount.lowercased().hasSuffix("g") ? String(amount.dropLast()).trimmingCharacters(in: .whitespaces) : amount
        if let grams = Double(number) { request.grams = grams } else { request.portion = amount }
        return request
    }

    /// One match: its name, energy and portions, and its form.
    private static func item(_ food: Food, favourite: Bool, meal: Meal, csrfToken: String) -> String {
        let portions = FoodCatalog.portions(of: food)
        let per = "\(Format.wholeNumber(food.kilocaloriesPer100Grams.rounded())) kcal per 100 g"
        let example = food.portions.first.map { "\($0.label) or grams" } ?? "grams, e.g. 150"
        return "<li><p class=\"food\"><span class=\"name\">\(HTMLText.escape(food.name))</span>"
            + (favourite ? " <span class=\"favourite\">★ favourite</span>" : "")
            + "<br><span class=\"per\">\(HTMLText.escape(per + (portions.isEmpty ? "" : "; " + portions)))</span></p>"
            + PeopleMarkup.postForm("/food/add", csrfToken: csrfToken, className: "add")
            + PeopleMarkup.hidden("food", food.name)
            + "<label>Amount <input type=\"text\" name=\"amount\" placeholder=\"\(HTMLText.escape(example))\" "
            + "autocomplete=\"off\"></label>" + mealSelect(selected: meal)
            + "<button type=\"submit\">Add</button></form></li>"
    }

    /// The meals, the time of day's chosen (`stayfit food add` logs to it when no meal is given).
    private static func mealSelect(selected: Meal) -> String {
        "<label>Meal <select name=\"meal\">"
            + Meal.allCases.map { meal in
                "<option value=\"\(meal.rawValue)\"\(meal == selected ? " selected" : "")>"
                    + "\(meal.rawValue.capitalized)</option>"
            }.joined() + "</select></label>"
    }
}
