import Foundation
import HubCore
import Nutrition
import Records

/// `/today`: the current person's calories for today as `stayfit today` says them (eaten, burned, target, left, per
/// meal, the macronutrients against their targets, the weight and its trend), and today's food log with a remove
/// button on each entry (POST `/food/{id}/remove`, as `stayfit food remove ID`).
enum TodayPage {
    /// - Parameter problem: why the activity and goal form was refused, said above it.
    static func render(diary: any FoodDiary, csrfToken: String, now: Date = Date(), problem: String? = nil)
        async throws -> WebPage
    {
        let day = CalendarDay(local: now)
        let entries = try await diary.foodEntries(from: "\(day)", through: "\(day)")
        let (start, end) = day.localBounds
        let burned = try await diary.workoutKilocalories(from: start, until: end)
        let settings = try await diary.energyBudgetSettings()
        let profile = try await diary.profile()
        let report = FoodReport(days: ["\(day)"], entries: entries, targets: [:], byMonth: false)
        let eaten = entries.reduce(0) { $0 + $1.kilocalories }
        let energy = EnergyDay(
            profile: profile, at: start, eaten: eaten, burned: burned, activity: settings.activity,
            goal: settings.goal)

        let meals = Meal.allCases.map { "\($0.rawValue) \(report.meals[$0.rawValue] ?? 0)" }
        var rows: [(label: String, value: String)] = [
            ("Eaten", "\(eaten) kcal (\(meals.joined(separator: ", ")))"),
            ("Burned", "\(burned) kcal in workouts"),
        ]
        var body = "<h1>Today</h1>"
        // Several people share the hub: say whose day this is (People chooses another).
        if let name = try await diary.currentPerson()?.name ?? profile?.name, !name.isEmpty {
            body += HistoryMarkup.paragraph("For \(name).", className: "who")
        }
        if let profile, let target = energy.target {
            body += HistoryMarkup.paragraph(target.left(afterEating: eaten), className: "left")
            rows += [
                ("Target", "\(target.kilocalories) kcal \(target.working(level: energy.activity, goal: energy.goal))"),
                ("Left", "\(target.kilocalories - eaten) kcal"),
            ]
            body += HistoryMarkup.figures(rows)
            let grams = MacronutrientTargets(
                kilocalories: target.kilocalories, weightKilograms: profile.weightKilograms)
            body += HistoryMarkup.table(
                ["Nutrient", "Eaten", "Target"],
                [
                    ("Protein", report.proteinGrams, grams.proteinGrams),
                    ("Carbohydrate", report.carbohydrateGrams, grams.carbohydrateGrams),
                    ("Fat", report.fatGrams, grams.fatGrams),
                ].map { [$0.0, "\(Int($0.1.rounded())) g", "\($0.2) g"] }, className: "nutrients")
        } else {
            rows.append(("Target", "unknown: it needs your birth date, gender, height and weight in your profile"))
            body += HistoryMarkup.figures(rows)
        }
        if let trend = try await WeightLog.trend(at: now, in: diary) {
            body += HistoryMarkup.paragraph("Weight: " + trend, className: "weight")
        }
        body += "<h2>Food log</h2>" + log(entries, csrfToken: csrfToken)
        body +=
            PeopleMarkup.problem(problem)
            + EnergyBudgetForm.render(activity: settings.activity, goal: settings.goal, csrfToken: csrfToken)
        body += PeopleMarkup.links([("Add food", "/food"), ("Log weight", "/weight"), ("People", "/people")])
        return WebPage(title: "Today", body: body)
    }

    /// Keeps the activity level and weight goal (`EnergyBudgetForm`); refused, the page with the reason.
    static func keepBudget(_ form: [String: String], diary: any FoodDiary, csrfToken: String) async throws
        -> FormOutcome
    {
        switch try await EnergyBudgetForm.save(form, diary: diary) {
        case .success: return .redirect(to: "/today")
        case .failure(let error):
            let said = "\(error)"
            return .invalid(
                try await render(
                    diary: diary, csrfToken: csrfToken, problem: said.prefix(1).uppercased() + said.dropFirst()))
        }
    }

    /// Removes the current person's food-log entry `id` (from the path), as `stayfit food remove ID`.
    static func remove(id text: String, diary: any FoodDiary) async throws -> FormOutcome {
        // Digits only: "+3" or " 3" is not how the page writes an entry's path.
        guard !text.isEmpty, text.count <= 18, text.allSatisfy(\.isASCII), text.allSatisfy(\.isNumber),
            let id = Int64(text)
        else { return .notFound }
        guard try await diary.removeFoodEntry(id: id) != nil else { return .notFound }
        return .redirect(to: "/today")
    }

    /// Today's entries by meal, each with its remove button.
    private static func log(_ entries: [FoodEntry], csrfToken: String) -> String {
        guard !entries.isEmpty else {
            return HistoryMarkup.paragraph("Nothing logged today.", className: "empty")
                + HistoryMarkup.link("Add food", to: "/food", className: "button")
        }
        var html = ""
        for meal in Meal.allCases {
            let eaten = entries.filter { $0.meal == meal.rawValue }
            guard !eaten.isEmpty else { continue }
            let total = eaten.reduce(0) { $0 + $1.kilocalories }
            html += "<h3>\(HTMLText.escape(meal.rawValue.capitalized)): \(total) kcal</h3><ul class=\"entries\">"
            for entry in eaten {
                let amount = entry.grams.map { ", \(Format.grams($0))" } ?? ""
                html +=
                    "<li><span class=\"entry\">\(HTMLText.escape("\(entry.food)\(amount): \(entry.kilocalories) kcal"))"
                    + "</span>"
                    + PeopleMarkup.postForm("/food/\(entry.id)/remove", csrfToken: csrfToken, className: "remove")
                    // Named for a screen reader, which would otherwise hear a list of "Remove".
                    + "<button type=\"submit\" aria-label=\"\(HTMLText.escape("Remove \(entry.food)"))\">Remove</button>"
                    + "</form></li>"
            }
            html += "</ul>"
        }
        return html
    }
}
