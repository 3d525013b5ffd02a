import Foundation
import HubCore
import HubStore
import Nutrition
import Records
import Reports
import Testing

@testable import Web

/// `/today` against figures worked out by hand: Alex (1730 kcal basal, see `PeopleFixture`), a light day and a goal
/// of losing 0.5 kg a week (550 kcal a day), a 120 kcal run this morning: 1730 × 1.375 + 120 − 550 = 1948.75, so
/// 1949 kcal. Eaten: 120 g of banana (89 kcal, 1.1 g protein, 22.8 g carbohydrate, 0.3 g fat per 100 g) = 107 kcal
/// at breakfast, and 350 kcal at lunch: 457 kcal, 1492 left. Targets: protein 1.6 × 80 = 128 g, fat 30 % of 1949
/// kcal / 9 = 65 g, carbohydrate (1949 − 512 − 584.7) / 4 = 213 g.
@Suite struct TodayPageTests {
    static let breakfast = LocalTime.date(year: 2026, month: 11, day: 27, hour: 8)

    static func loggedDay() async throws -> PeopleFixture {
        let fixture = try await PeopleFixture()
        #expect(try await fixture.store.setEnergyBudget(activity: "light", goal: "lose 0.5"))
        _ = try await HistoryFixture.storeRun(
            in: fixture.store, start: LocalTime.date(year: 2026, month: 11, day: 27, hour: 7))
        #expect(
            try await FoodPage.add(
                ["food": "banana", "amount": "120 g"], diary: fixture.store, csrfToken: "t", now: breakfast)
                == .redirect(to: "/today"))
        #expect(
            try await FoodPage.add(
                ["kcal": "350", "meal": "lunch"], diary: fixture.store, csrfToken: "t", now: PeopleFixture.noon)
                == .redirect(to: "/today"))
        return fixture
    }

    @Test func showsTheDayAsStayfitTodaySaysIt() async throws {
        let fixture = try await Self.loggedDay()
        let page = try await TodayPage.render(diary: fixture.store, csrfToken: "tok", now: PeopleFixture.noon)
        let figures = [
            ("Eaten", "457 kcal (breakfast 107, lunch 350, dinner 0, snack 0)"),
            ("Burned", "120 kcal in workouts"),
            ("Target", "1949 kcal = 1730 basal × 1.375 (light) + 120 from workouts − 550 to lose 0.5 kg a week"),
            ("Left", "1492 kcal"),
        ]
        for (label, value) in figures {
            #expect(page.body.contains("<dt>\(label)</dt><dd>\(HTMLText.escape(value))</dd>"), "\(label): \(page.body)")
        }
        #expect(page.body.contains("<h1>Today</h1><p class=\"who\">For Alex.</p>"), "whose day it is")
        #expect(page.body.contains("<p class=\"left\">You have 1492 calories left today.</p>"))
        #expect(page.body.contains("<tr><td>Protein</td><td>1 g</td><td>128 g</td></tr>"))
        #expect(page.body.contains("<tr><td>Carbohydrate</td><td>27 g</td><td>213 g</td></tr>"))
        #expect(page.body.contains("<tr><td>Fat</td><td>0 g</td><td>65 g</td></tr>"))
        #expect(page.body.contains("<h3>Breakfast: 107 kcal</h3>"))
        #expect(page.body.contains("banana, raw, 120 g: 107 kcal"))
        #expect(page.body.contains("350 kcal: 350 kcal"))
    }

    @Test func aPersonAddedByNameAloneSeesWhoseDayItIs() async throws {
        let fixture = try await PeopleFixture()
        try await fixture.store.addPerson(named: "Ann")
        try await fixture.store.setCurrentPerson(named: "Ann")
        let page = try await TodayPage.render(diary: fixture.store, csrfToken: "t", now: PeopleFixture.noon)
        #expect(page.body.contains("<h1>Today</h1><p class=\"who\">For Ann.</p>"), "\(page.body)")
        #expect(page.body.contains("Target</dt><dd>unknown: it needs your birth date"))
    }

    @Test func eachEntryHasARemoveButtonThatRemovesItAsFoodRemoveDoes() async throws {
        let fixture = try await Self.loggedDay()
        let entries = try await fixture.store.foodEntries(from: "2026-11-27", through: "2026-11-27")
        let banana = try #require(entries.first)
        let page = try await TodayPage.render(diary: fixture.store, csrfToken: "tok", now: PeopleFixture.noon)
        #expect(
            page.body.contains(
                "<form class=\"remove\" method=\"post\" action=\"/food/\(banana.id)/remove\">"
                    + "<input type=\"hidden\" name=\"csrf\" value=\"tok\">"
                    + "<button type=\"submit\" aria-label=\"Remove banana, raw\">Remove</button></form>"))
        #expect(try await TodayPage.remove(id: "\(banana.id)", diary: fixture.store) == .redirect(to: "/today"))
        #expect(try await fixture.store.foodEntries(from: "2026-11-27", through: "2026-11-27") == [entries[1]])
        // Gone already, never there, or not a number: nothing to remove.
        for id in ["\(banana.id)", "9999", "abc", "-1", "+\(entries[1].id)", "", "99999999999999999999"] {
            #expect(try await TodayPage.remove(id: id, diary: fixture.store) == .notFound, "\(id)")
        }
        #expect(try await fixture.store.foodEntries(from: "2026-11-27", through: "2026-11-27") == [entries[1]])
    }

    @Test func anotherPersonsEntryIsNotRemoved() async throws {
        let fixture = try await Self.loggedDay()
        let entries = try await fixture.store.foodEntries(from: "2026-11-27", through: "2026-11-27")
        try await fixture.store.setCurrentPerson(named: "Sam")
        #expect(try await TodayPage.remove(id: "\(entries[0].id)", diary: fixture.store) == .notFound)
        try await fixture.store.setCurrentPerson(named: "Alex")
        #expect(try await fixture.store.foodEntries(from: "2026-11-27", through: "2026-11-27") == entries)
    }

    @Test func withoutAProfileTheTargetIsUnknownAndNothingLoggedIsSaid() async throws {
        let fixture = try await PeopleFixture()
        try await fixture.store.setCurrentPerson(named: "Sam")
        let page = try await TodayPage.render(diary: fixture.store, csrfToken: "tok", now: PeopleFixture.noon)
        #expect(page.body.contains("<dt>Target</dt><dd>unknown: it needs your birth date"))
        #expect(page.body.contains("Nothing logged today."))
        #expect(!page.body.contains("<dt>Left</dt>") && !page.body.contains("Protein"))
    }

    @Test func theWeightAndItsTrendAreShown() async throws {
        let fixture = try await PeopleFixture()
        try await WeightLog.log(80, at: LocalTime.date(year: 2026, month: 11, day: 13, hour: 7), in: fixture.store)
        try await WeightLog.log(79, at: LocalTime.date(year: 2026, month: 11, day: 27, hour: 7), in: fixture.store)
        let page = try await TodayPage.render(diary: fixture.store, csrfToken: "tok", now: PeopleFixture.noon)
        #expect(page.body.contains("Weight: 79.0 kg; down 0.5 kg a week over 2 weeks (2 weighings)."))
    }
}
