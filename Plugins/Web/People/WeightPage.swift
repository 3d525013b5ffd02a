import Foundation
import HubCore
import Nutrition
import Records

/// `/weight`: the weight's trend (the sentence of `stayfit weight`) and a form to log a weighing (POST `/weight`,
/// checked and stored as `stayfit weight 72.4`: logged, and made the profile's weight).
enum WeightPage {
    static func render(diary: any FoodDiary, csrfToken: String, now: Date = Date(), problem: String? = nil)
        async throws -> WebPage
    {
        let trend = try await WeightLog.trend(at: now, in: diary) ?? "No weighings yet."
        let body =
            "<h1>Weight</h1>" + HistoryMarkup.paragraph(trend, className: "trend") + PeopleMarkup.problem(problem)
            + PeopleMarkup.postForm("/weight", csrfToken: csrfToken, className: "add")
            + "<label>Kilograms <input type=\"text\" name=\"kilograms\" inputmode=\"decimal\" autocomplete=\"off\">"
            + "</label><button type=\"submit\">Log</button></form>"
            + PeopleMarkup.links([("Today", "/today"), ("Add food", "/food")])
        return WebPage(title: "Weight", body: body)
    }

    /// Logs the form's `kilograms` as `stayfit weight` does (``WeightLog``), then shows the page again with the
    /// trend; the form with what was wrong otherwise, nothing written. The weighing is the profile's weight too: the
    /// running hub is told (`StoreChanged(section: .profile)`), as the store watcher tells it of the CLI's.
    static func log(
        _ form: [String: String], diary: any FoodDiary, bus: MessageBus, csrfToken: String, now: Date = Date()
    ) async throws -> FormOutcome {
        let text = (form["kilograms"] ?? "").trimmingCharacters(in: .whitespaces)
        // A phone set to a language that writes 72,4 sends a comma.
        guard let kilograms = Double(text.replacingOccurrences(of: ",", with: ".")) else {
            let problem =
                text.isEmpty
                ? "Give your weight in kilograms, e.g. 72.4."
                : "\"\(Format.printable(text, limit: 20))\" is not a number of kilograms. Give 20 to 400 kg."
            return .invalid(try await render(diary: diary, csrfToken: csrfToken, now: now, problem: problem))
        }
        do {
            try await WeightLog.log(kilograms, at: now, in: diary)
        } catch let error as NutritionError {
            return .invalid(try await render(diary: diary, csrfToken: csrfToken, now: now, problem: error.description))
        }
        bus.publish(StoreChanged(section: .profile))
        return .redirect(to: "/weight")
    }
}
