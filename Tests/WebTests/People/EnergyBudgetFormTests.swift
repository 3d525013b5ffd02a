import Foundation
import HubCore
import HubStore
import Nutrition
import Records
import Testing

@testable import Web

/// The activity level and weight goal on `/today`, kept as `stayfit today --activity … --goal …` keeps them: the
/// kept ones selected, a choice changing the day's target at once, anything not on the lists refused in words.
@Suite struct EnergyBudgetFormTests {
    @Test func theKeptChoicesAreSelectedAndAChoiceChangesTheTarget() async throws {
        let fixture = try await PeopleFixture()
        let store = fixture.store
        // As the command line may have kept it: its own spelling of the goal.
        #expect(try await store.setEnergyBudget(activity: "light", goal: "Lose 0.50"))
        let before = try await TodayPage.render(diary: store, csrfToken: "t", now: PeopleFixture.noon)
        #expect(before.body.contains("<option value=\"light\" selected>Light (on your feet some of the day)</option>"))
        #expect(before.body.contains("<option value=\"lose 0.5\" selected>Lose 0.5 kg a week</option>"))
        // Alex: 1730 kcal basal; × 1.375 − 550 = 1829 (light, losing 0.5 kg a week).
        #expect(before.body.contains("<dt>Target</dt><dd>1829 kcal"), "\(before.body)")

        let kept = try await TodayPage.keepBudget(
            ["activity": "active", "goal": "maintain"], diary: store, csrfToken: "t")
        #expect(kept == .redirect(to: "/today"))
        #expect(try await store.energyBudgetSettings() == ("active", "maintain"))
        // 1730 × 1.725 = 2984.25.
        let after = try await TodayPage.render(diary: store, csrfToken: "t", now: PeopleFixture.noon)
        #expect(after.body.contains("<dt>Target</dt><dd>2984 kcal"), "\(after.body)")

        // "Not set" leaves what is kept.
        #expect(
            try await TodayPage.keepBudget(["activity": "", "goal": ""], diary: store, csrfToken: "t")
                == .redirect(to: "/today"))
        #expect(try await store.energyBudgetSettings() == ("active", "maintain"))
    }

    @Test(arguments: [
        (["activity": "<script>lazy"], "Is not an activity level"),
        (["goal": "lose 3"], "Lose 3 kg a week is not a rate the hub plans for"),
        (["goal": "get fit"], "\"get fit\" is no weight goal"),
    ])
    func aChoiceNotOnTheListsIsRefusedAndNothingIsKept(_ form: [String: String], _ said: String) async throws {
        let fixture = try await PeopleFixture()
        #expect(try await fixture.store.setEnergyBudget(activity: "light", goal: "maintain"))
        guard case .invalid(let page) = try await TodayPage.keepBudget(form, diary: fixture.store, csrfToken: "t")
        else {
            Issue.record("\(form) was kept")
            return
        }
        #expect(
            page.body.contains(HTMLText.escape(said))
                || page.body.lowercased().contains(HTMLText.escape(said).lowercased()), "\(page.body)")
        #expect(!page.body.contains("<script>"))
        #expect(try await fixture.store.energyBudgetSettings() == ("light", "maintain"))
        #expect(WellFormedPagesTests.nestingProblem(page.body) == nil)
    }

    @Test(arguments: ["lose " + String(repeating: "x", count: 500), "lose 0.5\u{1B}[2J", "gain \u{0}"])
    func aGoalNoFormOffersIsShownShortAndPrintable(_ goal: String) async throws {
        let fixture = try await PeopleFixture()
        guard
            case .invalid(let page) = try await TodayPage.keepBudget(
                ["goal": goal], diary: fixture.store, csrfToken: "t")
        else {
            Issue.record("\(goal) was kept")
            return
        }
        #expect(page.body.contains("is no weight goal"), "\(page.body)")
        #expect(!page.body.contains(String(repeating: "x", count: 40)))
        #expect(!page.body.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    }
}
