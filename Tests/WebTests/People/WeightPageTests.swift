import Foundation
import HubCore
import HubStore
import Nutrition
import Records
import Reports
import Testing

@testable import Web

@Suite struct WeightPageTests {
    static let morning = LocalTime.date(year: 2026, month: 11, day: 27, hour: 7)

    @Test func aWeighingIsLoggedAndBecomesTheProfilesWeightAsStayfitWeightDoes() async throws {
        let fixture = try await PeopleFixture()
        let bus = MessageBus()
        let changes = bus.inbox(of: StoreChanged.self)
        let outcome = try await WeightPage.log(
            ["kilograms": " 72,4 ", "csrf": "t"], diary: fixture.store, bus: bus, csrfToken: "t", now: Self.morning)
        #expect(outcome == .redirect(to: "/weight"))
        // The running hub is told the profile changed, as its store watcher tells it of `stayfit weight`.
        bus.publish(StoreChanged(section: .devices))
        var messages = changes.makeAsyncIterator()
        #expect(await messages.next() == StoreChanged(section: .profile))
        let weighings = try await fixture.store.weights(since: .distantPast)
        #expect(weighings == [WeightEntry(measuredAt: Self.morning, day: "2026-11-27", kilograms: 72.4)])
        #expect(try await fixture.store.profile()?.weightKilograms == 72.4)
        let page = try await WeightPage.render(diary: fixture.store, csrfToken: "t", now: Self.morning)
        #expect(page.body.contains("<p class=\"trend\">72.4 kg; a trend needs weighings a week or more apart.</p>"))
    }

    @Test func theTrendIsTheStraightLineThroughTheWeighings() async throws {
        let fixture = try await PeopleFixture()
        // 80.0, 79.6 and 79.0 kg a week apart: the line through them falls 0.5 kg a week.
        for (day, kilograms) in [(13, "80"), (20, "79.6"), (27, "79")] {
            let at = LocalTime.date(year: 2026, month: 11, day: day, hour: 7)
            #expect(
                try await WeightPage.log(
                    ["kilograms": kilograms], diary: fixture.store, bus: MessageBus(), csrfToken: "t", now: at)
                    == .redirect(to: "/weight"))
        }
        let page = try await WeightPage.render(diary: fixture.store, csrfToken: "t", now: Self.morning)
        #expect(page.body.contains("79.0 kg; down 0.5 kg a week over 2 weeks (3 weighings)."), "\(page.body)")
    }

    @Test func withoutWeighingsThePageSaysSo() async throws {
        let fixture = try await PeopleFixture()
        let page = try await WeightPage.render(diary: fixture.store, csrfToken: "t", now: Self.morning)
        #expect(page.body.contains("No weighings yet."))
        #expect(page.body.contains("<input type=\"hidden\" name=\"csrf\" value=\"t\">"))
    }

    @Test(arguments: [
        ("-5", "-5.0 kg is not a weight. Give 20 to 400 kg."),
        ("1000", "1000.0 kg is not a weight. Give 20 to 400 kg."),
        ("19.9", "19.9 kg is not a weight. Give 20 to 400 kg."),
        ("nan", "nan kg is not a weight. Give 20 to 400 kg."),
        ("1e308", "1e+308 kg is not a weight. Give 20 to 400 kg."),
        ("abc", "\"abc\" is not a number of kilograms. Give 20 to 400 kg."),
        ("", "Give your weight in kilograms, e.g. 72.4."),
    ])
    func aWeightThatIsNotOneIsRefusedAndNothingWritten(text: String, message: String) async throws {
        let fixture = try await PeopleFixture()
        let bus = MessageBus()
        let changes = bus.inbox(of: StoreChanged.self)
        let outcome = try await WeightPage.log(
            ["kilograms": text], diary: fixture.store, bus: bus, csrfToken: "t", now: Self.morning)
        guard case .invalid(let page) = outcome else { Issue.record("\(outcome)"); return }
        #expect(page.body.contains("<p>" + HTMLText.escape(message) + "</p>"), "\(page.body)")
        #expect(try await fixture.store.weights(since: .distantPast).isEmpty)
        #expect(try await fixture.store.profile()?.weightKilograms == 80)
        // Nothing changed, so the hub is told nothing: the first change it hears of is the one published here.
        bus.publish(StoreChanged(section: .devices))
        var messages = changes.makeAsyncIterator()
        #expect(await messages.next() == StoreChanged(section: .devices))
        // The command line's check says the same of every number.
        if let kilograms = Double(text) {
            #expect(throws: NutritionError.self) { try WeightLog.checked(kilograms) }
        }
    }
}
