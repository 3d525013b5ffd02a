import Foundation
import HubCore
import HubStore
import Records
import Testing

@testable import Web

/// `/settings/goal` changes the goal as `stayfit goals set|clear|enable|disable` do: the same parsing
/// (`GoalInput`), words and store calls, nothing written when refused.
@Suite struct GoalPageTests {
    static let now = PeopleFixture.noon

    /// Runs `form`, then checks whether the hub was told of a change to the goals (a sentinel published after it
    /// comes first when it was not).
    static func change(_ form: [String: String], in store: HubStore) async throws -> (FormOutcome, told: Bool) {
        let bus = MessageBus()
        let changes = bus.inbox(of: StoreChanged.self)
        let outcome = try await GoalPage.change(form, goals: store, bus: bus, csrfToken: "t", now: now)
        bus.publish(StoreChanged(section: .devices))
        var messages = changes.makeAsyncIterator()
        return (outcome, await messages.next() == StoreChanged(section: .goals))
    }

    @Test func withoutAGoalThePageSaysSoAndOffersOnlyTheFormToSetOne() async throws {
        let fixture = try await PeopleFixture()
        let page = try await GoalPage.render(goals: fixture.store, csrfToken: "tok")
        #expect(page.title == "Goal")
        #expect(page.body.contains("<p class=\"goal\">No goal set.</p>"))
        #expect(
            page.body.contains(
                "<form class=\"goal\" method=\"post\" action=\"/settings/goal\">"
                    + "<input type=\"hidden\" name=\"csrf\" value=\"tok\"><input type=\"hidden\" name=\"action\" value=\"set\">"
            ))
        #expect(page.body.components(separatedBy: "<form").count == 2)
        #expect(!page.body.contains("Auto-stop"))
    }

    @Test(arguments: [
        ("distance", "5km", Goal(kind: .distance, target: 5_000)),
        ("Distance", " 2.5 KM ", Goal(kind: .distance, target: 2_500)),
        ("duration", "45min", Goal(kind: .duration, target: 2_700)),
        ("duration", "1.5h", Goal(kind: .duration, target: 5_400)),
        ("steps", "8000", Goal(kind: .steps, target: 8_000)),
        ("kcal", "400 kcal", Goal(kind: .kcal, target: 400)),
    ])
    func aGoalIsSetAsStayfitGoalsSetSetsIt(kind: String, value: String, goal: Goal) async throws {
        let fixture = try await PeopleFixture()
        let (outcome, told) = try await Self.change(
            ["csrf": "t", "action": "set", "kind": kind, "value": value], in: fixture.store)
        #expect(outcome == .redirect(to: "/settings/goal"))
        #expect(told)
        #expect(try await fixture.store.activeGoal() == goal)
        #expect(try GoalInput.parse(kind: goal.kind, value: value) == goal)
        let page = try await GoalPage.render(goals: fixture.store, csrfToken: "t")
        #expect(page.body.contains("<p class=\"goal\">Goal: \(HTMLText.escape(GoalInput.describe(goal))).</p>"))
        #expect(page.body.contains("Auto-stop: off"))
        #expect(page.body.contains("<option value=\"\(goal.kind.rawValue)\" selected>"))
    }

    @Test(arguments: [
        (
            "distance", "abc",
            "Enter Proper Distance: \"abc\" is not a distance goal; write it as 5km, 800m or 5 (kilometres), greater "
                + "than zero."
        ),
        (
            "steps", "1.5",
            "Enter Proper Steps: \"1.5\" is not a steps goal; write it as a whole number such as 8000, greater than zero."
        ),
        (
            "kcal", "99999",
            "Enter Proper Calories: \"99999\" is out of range for a kcal goal; it must be from 1 to 50000 kcal."
        ),
        (
            "duration", "25h",
            "Enter Proper Duration: \"25h\" is out of range for a duration goal; it must be from 1s to 24h."
        ),
        ("distance", " ", "Empty Fields: give a goal type and a value, e.g. stayfit goals set distance 5km."),
    ])
    func anImproperValueShowsTheCLIsWordsAndWritesNothing(kind: String, value: String, message: String)
        async throws
    {
        let fixture = try await PeopleFixture()
        let goal = Goal(kind: .distance, target: 3_000)
        try await fixture.store.setActiveGoal(goal, at: Self.now)
        let (outcome, told) = try await Self.change(["action": "set", "kind": kind, "value": value], in: fixture.store)
        guard case .invalid(let page) = outcome else {
            Issue.record("\(outcome)")
            return
        }
        #expect(page.body.contains("<p>" + HTMLText.escape(message) + "</p>"), "\(page.body)")
        // `stayfit goals set` prints the same error, and a full stop.
        do {
            _ = try GoalInput.parse(kind: GoalKind(rawValue: kind.lowercased()) ?? .distance, value: value)
            Issue.record("parsed")
        } catch {
            #expect("\(error)." == message)
        }
        #expect(!told)
        #expect(try await fixture.store.activeGoal() == goal)
        #expect(page.body.contains("name=\"value\" autocomplete=\"off\" placeholder=\"5km, 45min, 8000\" value=\""))
    }

    @Test func aMissingValueOrKindIsEmptyFieldsAndAnUnknownKindIsSaid() async throws {
        let fixture = try await PeopleFixture()
        for form in [["action": "set", "kind": "distance"], ["action": "set", "value": "5km"]] {
            let (outcome, told) = try await Self.change(form, in: fixture.store)
            guard case .invalid(let page) = outcome else {
                Issue.record("\(outcome)")
                continue
            }
            #expect(page.body.contains("<p>" + HTMLText.escape(GoalInputError.emptyFieldsMessage) + ".</p>"))
            #expect(!told)
        }
        let (outcome, told) = try await Self.change(
            ["action": "set", "kind": "<swim>", "value": "5km"], in: fixture.store)
        guard case .invalid(let page) = outcome else {
            Issue.record("\(outcome)")
            return
        }
        #expect(
            page.body.contains(
                "<p>&quot;&lt;swim&gt;&quot; is not a kind of goal; choose distance, duration, steps or kcal.</p>"))
        #expect(!told)
        #expect(try await fixture.store.activeGoal() == nil)
    }

    @Test func autoStopIsTurnedOnAndOffAsStayfitGoalsEnableAndDisableDo() async throws {
        let fixture = try await PeopleFixture()
        try await fixture.store.setActiveGoal(Goal(kind: .distance, target: 5_000), at: Self.now)
        var page = try await GoalPage.render(goals: fixture.store, csrfToken: "t")
        #expect(page.body.contains("<input type=\"hidden\" name=\"action\" value=\"enable\">"))

        var (outcome, told) = try await Self.change(["action": "enable"], in: fixture.store)
        #expect(outcome == .redirect(to: "/settings/goal"))
        #expect(told)
        #expect(try await fixture.store.goalAutoStop())
        page = try await GoalPage.render(goals: fixture.store, csrfToken: "t")
        #expect(
            page.body.contains(
                "<p class=\"auto-stop\">Auto-stop: on (the workout stops and is saved when the goal is reached).</p>"))
        #expect(page.body.contains("<input type=\"hidden\" name=\"action\" value=\"disable\">"))

        (outcome, told) = try await Self.change(["action": "disable"], in: fixture.store)
        #expect(outcome == .redirect(to: "/settings/goal"))
        #expect(told)
        #expect(try await fixture.store.goalAutoStop() == false)
    }

    @Test func autoStopWithoutAGoalIsRefusedWithTheCLIsWords() async throws {
        let fixture = try await PeopleFixture()
        let (outcome, told) = try await Self.change(["action": "enable"], in: fixture.store)
        guard case .invalid(let page) = outcome else {
            Issue.record("\(outcome)")
            return
        }
        #expect(
            page.body.contains(
                "<p>Select Goal Type: there is no goal to stop at; set one first, e.g. stayfit goals set distance 5km.</p>"
            ))
        #expect(!told)
        #expect(try await fixture.store.goalAutoStop() == false)
    }

    @Test func removingTheGoalClearsItAndItsAutoStop() async throws {
        let fixture = try await PeopleFixture()
        try await fixture.store.setActiveGoal(Goal(kind: .steps, target: 8_000), at: Self.now)
        try await fixture.store.setGoalAutoStop(true)
        let page = try await GoalPage.render(goals: fixture.store, csrfToken: "t")
        #expect(page.body.contains("<input type=\"hidden\" name=\"action\" value=\"clear\">"))
        let (outcome, told) = try await Self.change(["action": "clear"], in: fixture.store)
        #expect(outcome == .redirect(to: "/settings/goal"))
        #expect(told)
        #expect(try await fixture.store.activeGoal() == nil)
        #expect(try await fixture.store.goalAutoStop() == false)
    }

    @Test func anUnknownActionChangesNothing() async throws {
        let fixture = try await PeopleFixture()
        try await fixture.store.setActiveGoal(Goal(kind: .kcal, target: 400), at: Self.now)
        for action in ["", "drop", "<script>"] {
            let (outcome, told) = try await Self.change(["action": action], in: fixture.store)
            guard case .invalid(let page) = outcome else {
                Issue.record("\(outcome)")
                continue
            }
            #expect(page.body.contains("<p>Set the goal, remove it, or turn its auto-stop on or off.</p>"))
            #expect(!page.body.contains("<script"))
            #expect(!told)
        }
        #expect(try await fixture.store.activeGoal() == Goal(kind: .kcal, target: 400))
    }

    @Test func hostileValuesAreShownEscapedControlCharactersDroppedAndLongOnesNotSentBack() async throws {
        let fixture = try await PeopleFixture()
        let values = ["<script>alert(\"x\")</script>", "5\u{1B}km'", String(repeating: "\"><script>", count: 2_000)]
        for value in values {
            let (outcome, told) = try await Self.change(
                ["action": "set", "kind": "distance", "value": value], in: fixture.store)
            guard case .invalid(let page) = outcome else {
                Issue.record("\(outcome)")
                continue
            }
            #expect(!page.body.contains("<script") && !page.body.contains("\u{1B}"), "\(page.body)")
            #expect(page.body.contains("Enter Proper Distance: &quot;"))
            #expect(page.body.count < 6_000, "\(page.body.count)")
            #expect(!told)
        }
        #expect(try await fixture.store.activeGoal() == nil)
    }
}
