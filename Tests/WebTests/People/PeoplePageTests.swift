import Foundation
import HubCore
import HubStore
import Records
import Testing

@testable import Web

@Suite struct PeoplePageTests {
    @Test func listsEveryoneAndMarksWhoWorksOutNext() async throws {
        let fixture = try await PeopleFixture()
        let page = try await PeoplePage.render(roster: fixture.store, csrfToken: "tok")
        #expect(page.title == "People")
        #expect(
            page.body.contains(
                "<li><span class=\"name\">Alex</span> <strong class=\"next\">working out next</strong></li>"))
        // Sam is not current: a button chooses them, with the token and their name.
        #expect(
            page.body.contains(
                "<form class=\"choose\" method=\"post\" action=\"/people/choose\">"
                    + "<input type=\"hidden\" name=\"csrf\" value=\"tok\"><input type=\"hidden\" name=\"name\" value=\"Sam\">"
            ))
        #expect(page.body.components(separatedBy: "working out next").count == 2)
    }

    @Test func anEmptyHubSaysSoAndOffersTheForm() async throws {
        let fixture = try await PeopleFixture(people: [])
        let page = try await PeoplePage.render(roster: fixture.store, csrfToken: "tok")
        #expect(page.body.contains("Nobody trains on this hub yet."))
        #expect(page.body.contains("action=\"/people/add\""))
    }

    @Test func choosingStoresThePersonAndTellsTheHubAsTheConsoleDoes() async throws {
        let fixture = try await PeopleFixture()
        let bus = MessageBus()
        let chosen = bus.inbox(of: ChoosePerson.self)
        // Any case, as `stayfit people use sam`; the message carries the name as stored.
        let outcome = try await PeoplePage.choose(
            ["name": "sam", "csrf": "tok"], roster: fixture.store, bus: bus, csrfToken: "tok")
        #expect(outcome == .redirect(to: "/people"))
        #expect(try await fixture.store.currentPerson()?.name == "Sam")
        // A message after it, so that a choice never published fails here instead of waiting for ever.
        bus.publish(ChoosePerson(.next))
        var messages = chosen.makeAsyncIterator()
        #expect(await messages.next() == ChoosePerson(.named("Sam")))
        let page = try await PeoplePage.render(roster: fixture.store, csrfToken: "tok")
        #expect(page.body.contains("<span class=\"name\">Sam</span> <strong class=\"next\">working out next</strong>"))
    }

    @Test func duringAWorkoutItsPersonWorksOutNowAndTheOneChosenNext() async throws {
        let fixture = try await PeopleFixture()
        _ = try await fixture.store.startWorkout(at: PeopleFixture.noon, goal: nil)
        let bus = MessageBus()
        let outcome = try await PeoplePage.choose(["name": "Sam"], roster: fixture.store, bus: bus, csrfToken: "t")
        #expect(outcome == .redirect(to: "/people"))
        // Alex's workout stays Alex's to the end, as after `stayfit people use Sam`.
        #expect(try await fixture.store.currentPerson()?.name == "Alex")
        let page = try await PeoplePage.render(roster: fixture.store, csrfToken: "t")
        #expect(page.body.contains("<span class=\"name\">Alex</span> <strong class=\"now\">working out now</strong>"))
        #expect(
            page.body.contains("<span class=\"name\">Sam</span> <strong class=\"next\">working out next</strong></li>"))
    }

    @Test func choosingTheSameAsTheCommandLineLeavesTheSameStore() async throws {
        let web = try await PeopleFixture()
        let cli = try await PeopleFixture()
        _ = try await PeoplePage.choose(["name": "Sam"], roster: web.store, bus: MessageBus(), csrfToken: "t")
        try await cli.store.setCurrentPerson(named: "Sam")  // what `stayfit people use Sam` calls
        #expect(try await web.store.people() == cli.store.people())
    }

    @Test func choosingNobodyIsRefusedAndTellsTheHubNothing() async throws {
        let fixture = try await PeopleFixture()
        let bus = MessageBus()
        let chosen = bus.inbox(of: ChoosePerson.self)
        let outcome = try await PeoplePage.choose(
            ["name": "Kim"], roster: fixture.store, bus: bus, csrfToken: "tok")
        guard case .invalid(let page) = outcome else { Issue.record("\(outcome)"); return }
        #expect(page.body.contains(HTMLText.escape("there is nobody called \"Kim\" on this hub")))
        #expect(try await fixture.store.currentPerson()?.name == "Alex")
        // The first message after the refusal is this one: the refusal published none.
        bus.publish(ChoosePerson(.next))
        var messages = chosen.makeAsyncIterator()
        #expect(await messages.next() == ChoosePerson(.next))
    }

    @Test func addingAPersonStoresThemAsTheCommandLineDoes() async throws {
        let fixture = try await PeopleFixture()
        let outcome = try await PeoplePage.add(
            ["name": "  Kim ", "csrf": "tok"], roster: fixture.store, csrfToken: "tok", now: PeopleFixture.noon)
        #expect(outcome == .redirect(to: "/people"))
        let people = try await fixture.store.people()
        #expect(people.map(\.name) == ["Alex", "Sam", "Kim"])
        #expect(people.last?.profile == nil && people.last?.isCurrent == false)
    }

    @Test(arguments: [
        ("", "a person's name cannot be empty"),
        ("   ", "a person's name cannot be empty"),
        (String(repeating: "a", count: 10_000), "a person's name can be at most 60 characters long"),
        ("\u{1B}[2J\u{7}", "a person's name cannot have control characters"),
        ("Al\tex", "a person's name cannot have control characters"),
        ("ALEX", "there is already a person called \"Alex\""),
    ])
    func aBadNameIsRefusedWithTheCommandLinesWordsAndNothingWritten(name: String, message: String) async throws {
        let fixture = try await PeopleFixture()
        let outcome = try await PeoplePage.add(["name": name], roster: fixture.store, csrfToken: "tok")
        guard case .invalid(let page) = outcome else { Issue.record("\(outcome)"); return }
        #expect(
            page.body.contains("<div class=\"problems\" role=\"alert\"><p>" + HTMLText.escape(message)),
            "\(page.body.prefix(600))")
        #expect(try await fixture.store.people().map(\.name) == ["Alex", "Sam"])
        // The same words as the store gives `stayfit people add`.
        do {
            try await fixture.store.addPerson(named: name)
            Issue.record("the store took \(name.prefix(20))")
        } catch let error as HubStoreError {
            #expect(page.body.contains(HTMLText.escape(error.description)))
        }
    }

    @Test func aHostileNameIsShownAsText() async throws {
        let fixture = try await PeopleFixture()
        let name = "<script>alert(\"x\")</script>&"
        #expect(
            try await PeoplePage.add(["name": name], roster: fixture.store, csrfToken: "t") == .redirect(to: "/people"))
        let page = try await PeoplePage.render(roster: fixture.store, csrfToken: "\"><b>")
        #expect(!page.body.contains("<script") && !page.body.contains("<b>"))
        #expect(page.body.contains("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;"))
        #expect(page.body.contains("value=\"&quot;&gt;&lt;b&gt;\""))
    }
}
