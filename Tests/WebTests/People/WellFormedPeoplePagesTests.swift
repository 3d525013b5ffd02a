import Foundation
import HubCore
import Reports
import Testing

@testable import Web

/// Every people, today, food and weight page as a browser parses it (the checker of `WellFormedPagesTests`), with
/// no inline style or script, whatever was typed.
@Suite struct WellFormedPeoplePagesTests {
    @Test func everyPageNestsAndHasNoStyleOrScript() async throws {
        let fixture = try await TodayPageTests.loggedDay()
        let store = fixture.store
        let now = PeopleFixture.noon
        var pages: [WebPage] = [
            try await PeoplePage.render(roster: store, csrfToken: "t"),
            try await TodayPage.render(diary: store, csrfToken: "t", now: now),
            try await FoodPage.render(query: ["q": "porr"], diary: store, csrfToken: "t", now: now),
            try await FoodPage.render(query: ["q": "<b>"], diary: store, csrfToken: "t", now: now),
            try await WeightPage.render(diary: store, csrfToken: "t", now: now),
        ]
        let refused: [FormOutcome] = [
            try await PeoplePage.add(["name": "<i>\u{1B}"], roster: store, csrfToken: "t"),
            try await PeoplePage.choose(["name": "<i>"], roster: store, bus: MessageBus(), csrfToken: "t"),
            try await FoodPage.add(["food": "banana", "amount": "<1 loaf>"], diary: store, csrfToken: "t", now: now),
            try await WeightPage.log(["kilograms": "<b>"], diary: store, bus: MessageBus(), csrfToken: "t", now: now),
        ]
        for outcome in refused {
            guard case .invalid(let page) = outcome else { Issue.record("\(outcome)"); continue }
            pages.append(page)
        }
        try await store.setCurrentPerson(named: "Sam")
        pages.append(try await TodayPage.render(diary: store, csrfToken: "t", now: now))
        for page in pages {
            #expect(WellFormedPagesTests.nestingProblem(page.body) == nil, "\(page.title): \(page.body)")
            #expect(!page.body.contains("style=") && !page.body.contains("<script"), "\(page.title)")
        }
    }

    @Test func theStyleSheetMakesTouchTargetsBig() {
        #expect(PeopleStyle.css.contains("min-height: 3rem"))
        #expect(!PeopleStyle.css.contains("<"))
    }
}
