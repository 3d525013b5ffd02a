import Foundation
import HubCore
import HubStore
import Records
import Testing

@testable import Web

/// `/reminders`: the list as `stayfit reminders list` shows it, adding as `stayfit reminders add` adds, turning on
/// and off as `enable` and `disable`, each change told to the running hub.
@Suite struct RemindersPageTests {
    @Test func theListShowsEachReminderAsStayfitRemindersListDoes() async throws {
        let fixture = try await RemindersFixture()
        try await fixture.addEveningRun()
        let morning = try await fixture.store.addReminder(
            Reminder(
                title: "Stretch", time: try #require(TimeOfDay(hour: 7, minute: 5)), weekdays: .everyDay,
                isEnabled: false),
            at: RemindersFixture.now)
        let page = try await RemindersPage.render(store: fixture.store, csrfToken: "tok")
        #expect(
            page.body.contains(
                "<tr class=\"on\"><td>Evening run</td><td>18:30</td><td>mon,wed,fri</td><td>15 min</td><td>on</td>"))
        #expect(
            page.body.contains(
                "<tr class=\"off\"><td>Stretch</td><td>07:05</td><td>daily</td><td>none</td><td>off</td>"))
        // The CLI's order: oldest first.
        let run = try #require(page.body.range(of: "Evening run"))
        let stretch = try #require(page.body.range(of: "Stretch"))
        #expect(run.lowerBound < stretch.lowerBound)
        #expect(
            page.body.contains(
                "<form class=\"turn\" method=\"post\" action=\"/reminders/1/off\">"
                    + "<input type=\"hidden\" name=\"csrf\" value=\"tok\">"
                    + "<button type=\"submit\" aria-label=\"Turn off Evening run\">Turn off</button></form>"))
        #expect(page.body.contains("action=\"/reminders/\(morning.id)/on\""))
        #expect(page.body.contains("<a class=\"button\" href=\"/reminders/1/edit\" aria-label=\"Edit Evening run\">"))
        #expect(page.body.contains("href=\"/reminders/\(morning.id)/delete\" aria-label=\"Delete Stretch\">Delete</a>"))
    }

    @Test func withoutRemindersThePageSaysSoAndOffersTheForm() async throws {
        let fixture = try await RemindersFixture()
        let page = try await RemindersPage.render(store: fixture.store, csrfToken: "tok")
        #expect(page.body.contains("<p class=\"empty\">No reminders yet. Add one below.</p>"))
        #expect(!page.body.contains("<table"))
        #expect(
            page.body.contains(
                "<form class=\"reminder\" method=\"post\" action=\"/reminders/add\">"
                    + "<input type=\"hidden\" name=\"csrf\" value=\"tok\">"))
        for day in ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] {
            #expect(page.body.contains("<input type=\"checkbox\" name=\"\(day)\" value=\"on\">"))
        }
    }

    @Test func addingStoresWhatStayfitRemindersAddStoresAndTellsTheHub() async throws {
        let fixture = try await RemindersFixture()
        // Spaces around, as a phone's keyboard leaves them; the days ticked in any order.
        let form = RemindersFixture.form(
            ["title": " Evening run ", "time": "18:30", "alert": "15"], days: ["fri", "mon", "wed"])
        let outcome = try await RemindersPage.add(
            form, store: fixture.store, bus: fixture.bus, csrfToken: "t", now: RemindersFixture.now)
        #expect(outcome == .redirect(to: "/reminders"))
        #expect(try await fixture.store.reminders() == [fixture.eveningRun])
        // Counted from now, as the CLI's add: earlier times are never "missed".
        #expect(try await fixture.store.remindersHandledUntil() == [1: RemindersFixture.now])
        #expect(await fixture.published() == [StoreChanged(section: .reminders)])
    }

    @Test(arguments: [
        ("", nil as Int?), ("none", nil), (" NONE ", nil), ("1", 1), ("15min", 15), ("1440", 1440),
    ])
    func theAlertIsReadAsTheCLIReadsIt(alert: String, minutes: Int?) async throws {
        let fixture = try await RemindersFixture()
        let form = RemindersFixture.form(["title": "Run", "time": "0705", "alert": alert], days: ["sat", "sun"])
        #expect(
            try await RemindersPage.add(form, store: fixture.store, bus: fixture.bus, csrfToken: "t")
                == .redirect(to: "/reminders"))
        let stored = try #require(try await fixture.store.reminders().first)
        #expect(stored.alertMinutesBefore == minutes)
        #expect(stored.time == TimeOfDay(hour: 7, minute: 5))
        #expect(stored.weekdays == Weekdays([.saturday, .sunday]))
        #expect(stored.isEnabled)
    }

    /// Each as `stayfit reminders add` with the same values: its message (`RemindersCLITests`,
    /// `PlainMessagesTests`), and nothing stored or told.
    @Test(
        arguments: [
            (["time": "07:00"], ["mon"], "Enter Title: give the reminder a title, e.g. \"Evening run\"."),
            (["title": "   ", "time": "07:00"], ["mon"], "Enter Title: "),
            (["title": "Run", "time": "07:00"], [], "Select Repeat: choose the weekdays it repeats on"),
            (["title": "Run"], ["mon"], "Enter Time: give the time of day, 24-hour, e.g. 18:30."),
            (["title": "Run", "time": "25:00"], ["mon"], "Enter Proper Time: \"25:00\" is not a time of day"),
            (["title": "Run", "time": "7.30"], ["mon"], "Enter Proper Time: \"7.30\""),
            (["title": "Run", "time": "07:00", "alert": "2000"], ["mon"], "Enter Proper Alert: \"2000\""),
            (["title": "Run", "time": "07:00", "alert": "soon"], ["mon"], "Enter Proper Alert: \"soon\""),
            (
                ["title": "Run", "time": "18:30", "alert": "0"], ["mon"],
                "Alert 0: an alert 0 minutes before is the reminder itself; give 1 to 1440 minutes before, or none for "
                    + "no alert"
            ),
            // The title first, as the CLI checks it: the bad time is not mentioned yet.
            (["title": "", "time": "99:99"], [], "Enter Title: "),
        ] as [([String: String], [String], String)])
    func anInvalidReminderShowsTheCLIsMessageAndWritesNothing(
        fields: [String: String], days: [String], message: String
    ) async throws {
        let fixture = try await RemindersFixture()
        let outcome = try await RemindersPage.add(
            RemindersFixture.form(fields, days: days), store: fixture.store, bus: fixture.bus, csrfToken: "t")
        guard case .invalid(let page) = outcome else {
            Issue.record("\(outcome)")
            return
        }
        #expect(page.body.contains("<div class=\"problems\" role=\"alert\"><p>" + HTMLText.escape(message)))
        #expect(try await fixture.store.reminders().isEmpty)
        #expect(await fixture.published().isEmpty)
        // What was typed stays in the form.
        if let title = fields["title"], !title.isEmpty {
            #expect(page.body.contains("name=\"title\" autocomplete=\"off\" maxlength=\"100\" value=\"\(title)\""))
        }
    }

    @Test func turningOffAndOnStoresAsDisableAndEnableAndTellsTheHub() async throws {
        let fixture = try await RemindersFixture()
        try await fixture.addEveningRun()
        #expect(
            try await RemindersPage.turn(id: "1", on: false, store: fixture.store, bus: fixture.bus)
                == .redirect(to: "/reminders"))
        var expected = fixture.eveningRun
        expected.isEnabled = false
        #expect(try await fixture.store.reminders() == [expected])
        // Off, its bookkeeping is left alone; on again, it counts from then: the days it was off are not missed.
        #expect(try await fixture.store.remindersHandledUntil() == [1: RemindersFixture.now])
        #expect(
            try await RemindersPage.turn(
                id: "1", on: true, store: fixture.store, bus: fixture.bus, now: RemindersFixture.later)
                == .redirect(to: "/reminders"))
        #expect(try await fixture.store.reminders() == [fixture.eveningRun])
        #expect(try await fixture.store.remindersHandledUntil() == [1: RemindersFixture.later])
        #expect(await fixture.published() == [StoreChanged(section: .reminders), StoreChanged(section: .reminders)])
    }

    @Test(arguments: ["7", "abc", "-1", "+1", " 1", "0", "1.5", "", "99999999999999999999", "1%2F..", "<b>"])
    func anUnknownOrMalformedIdIsRefusedWithAClearMessage(id: String) async throws {
        let fixture = try await RemindersFixture()
        try await fixture.addEveningRun()
        var outcomes = [
            try await RemindersPage.turn(id: id, on: false, store: fixture.store, bus: fixture.bus),
            try await EditReminderPage.save(
                id: id, RemindersFixture.form(["title": "Walk"], days: ["mon"]), store: fixture.store,
                bus: fixture.bus, csrfToken: "t"),
            try await DeleteReminderPage.delete(id: id, store: fixture.store, bus: fixture.bus),
        ]
        for result in [
            try await EditReminderPage.render(id: id, store: fixture.store, csrfToken: "t"),
            try await DeleteReminderPage.confirmation(id: id, store: fixture.store, csrfToken: "t"),
        ] {
            switch result {
            case .success(let page): outcomes.append(.invalid(page))
            case .failure(let missing): outcomes.append(.notFound(missing.page))
            }
        }
        let expected =
            ReminderPath.id(id) == nil
            ? "\(HTMLText.escape("\"\(id)\"")) is not a reminder&#39;s number."
            : "There is no reminder \(id); it may have been deleted."
        for outcome in outcomes {
            guard case .notFound(let page) = outcome else {
                Issue.record("\(id): \(outcome)")
                continue
            }
            #expect(page.title == "No such reminder")
            #expect(page.body.contains("<p>" + expected), "\(page.body)")
            #expect(page.body.contains("<a href=\"/reminders\">Back to the reminders</a>"))
        }
        #expect(try await fixture.store.reminders() == [fixture.eveningRun])
        #expect(await fixture.published().isEmpty)
    }
}
