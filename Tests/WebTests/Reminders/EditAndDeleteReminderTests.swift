import Foundation
import HubCore
import HubStore
import Records
import Testing

@testable import Web

/// `/reminders/{id}/edit` as `stayfit reminders edit ID` and `/reminders/{id}/delete` as `stayfit reminders delete
/// ID`: the same checks, the same store calls, the running hub told.
@Suite struct EditAndDeleteReminderTests {
    @Test func theEditFormIsFilledWithTheReminderAsItIs() async throws {
        let fixture = try await RemindersFixture()
        try await fixture.addEveningRun()
        let page = try await EditReminderPage.render(id: "1", store: fixture.store, csrfToken: "tok").get()
        #expect(
            page.body.contains(
                "<p class=\"reminder-now\">Now: &quot;Evening run&quot; at 18:30, mon,wed,fri, alert 15 minutes before.</p>"
            ))
        #expect(
            page.body.contains(
                "<form class=\"reminder\" method=\"post\" action=\"/reminders/1/edit\">"
                    + "<input type=\"hidden\" name=\"csrf\" value=\"tok\">"))
        #expect(page.body.contains("name=\"title\" autocomplete=\"off\" maxlength=\"100\" value=\"Evening run\">"))
        #expect(page.body.contains("<input type=\"time\" name=\"time\" value=\"18:30\">"))
        #expect(page.body.contains("placeholder=\"none\" value=\"15\">"))
        for day in ["mon", "wed", "fri"] {
            #expect(page.body.contains("<input type=\"checkbox\" name=\"\(day)\" value=\"on\" checked>"))
        }
        for day in ["tue", "thu", "sat", "sun"] {
            #expect(page.body.contains("<input type=\"checkbox\" name=\"\(day)\" value=\"on\">"))
        }
    }

    @Test func savingStoresWhatStayfitRemindersEditStoresAndTellsTheHub() async throws {
        let fixture = try await RemindersFixture()
        try await fixture.addEveningRun()
        // As `stayfit reminders edit 1 --time 06:45 --alert none --repeat weekdays`, the title sent as it was.
        let form = RemindersFixture.form(
            ["title": "Evening run", "time": "06:45", "alert": "none"], days: ["mon", "tue", "wed", "thu", "fri"])
        let outcome = try await EditReminderPage.save(
            id: "1", form, store: fixture.store, bus: fixture.bus, csrfToken: "t", now: RemindersFixture.later)
        #expect(outcome == .redirect(to: "/reminders"))
        let expected = Reminder(
            id: 1, title: "Evening run", time: try #require(TimeOfDay(hour: 6, minute: 45)),
            weekdays: Weekdays([.monday, .tuesday, .wednesday, .thursday, .friday]), alertMinutesBefore: nil)
        #expect(try await fixture.store.reminders() == [expected])
        // The new schedule starts now, as the CLI's edit: earlier times are neither fired nor missed.
        #expect(try await fixture.store.remindersHandledUntil() == [1: RemindersFixture.later])
        #expect(await fixture.published() == [StoreChanged(section: .reminders)])
    }

    @Test func aFieldNotSentStaysAsItWas() async throws {
        let fixture = try await RemindersFixture()
        try await fixture.addEveningRun()
        let outcome = try await EditReminderPage.save(
            id: "1", RemindersFixture.form(["title": "Tempo run"], days: ["mon", "wed", "fri"]), store: fixture.store,
            bus: fixture.bus, csrfToken: "t")
        #expect(outcome == .redirect(to: "/reminders"))
        var expected = fixture.eveningRun
        expected.title = "Tempo run"
        #expect(try await fixture.store.reminders() == [expected])
        // Off stays off: editing is not turning on.
        #expect(try await fixture.store.setReminderEnabled(id: 1, false))
        _ = try await EditReminderPage.save(
            id: "1", RemindersFixture.form(["time": "19:00"], days: ["mon", "wed", "fri"]), store: fixture.store,
            bus: fixture.bus, csrfToken: "t")
        #expect(try await fixture.store.reminder(id: 1)?.isEnabled == false)
        #expect(try await fixture.store.reminder(id: 1)?.time == TimeOfDay(hour: 19, minute: 0))
    }

    @Test(
        arguments: [
            (["title": ""], ["mon"], "Enter Title: give the reminder a title, e.g. \"Evening run\"."),
            (["title": "Run\tnow"], ["mon"], "Enter Title: \"Run\\tnow\" has control characters (tabs, line breaks)"),
            (["title": "Run"], [], "Select Repeat: choose the weekdays it repeats on"),
            (["time": "24:00"], ["mon"], "Enter Proper Time: \"24:00\" is not a time of day"),
            (["alert": ""], ["mon"], "Enter Proper Alert: \"\" is not a number of minutes"),
            (["alert": "0"], ["mon"], "Alert 0: an alert 0 minutes before is the reminder itself"),
        ] as [([String: String], [String], String)])
    func anInvalidChangeShowsTheCLIsMessageAndWritesNothing(
        fields: [String: String], days: [String], message: String
    ) async throws {
        let fixture = try await RemindersFixture()
        try await fixture.addEveningRun()
        let outcome = try await EditReminderPage.save(
            id: "1", RemindersFixture.form(fields, days: days), store: fixture.store, bus: fixture.bus,
            csrfToken: "t", now: RemindersFixture.later)
        guard case .invalid(let page) = outcome else {
            Issue.record("\(outcome)")
            return
        }
        #expect(
            page.body.contains("<div class=\"problems\" role=\"alert\"><p>" + HTMLText.escape(message)), "\(page.body)")
        #expect(page.body.contains("action=\"/reminders/1/edit\""))
        #expect(try await fixture.store.reminders() == [fixture.eveningRun])
        #expect(try await fixture.store.remindersHandledUntil() == [1: RemindersFixture.now])
        #expect(await fixture.published().isEmpty)
    }

    @Test func deletingAsksFirstThenDeletesAsStayfitRemindersDeleteAndTellsTheHub() async throws {
        let fixture = try await RemindersFixture()
        try await fixture.addEveningRun()
        let question = try await DeleteReminderPage.confirmation(id: "1", store: fixture.store, csrfToken: "tok").get()
        #expect(
            question.body.contains(
                "<p>Delete reminder 1, &quot;Evening run&quot; at 18:30, mon,wed,fri, alert 15 minutes before? "
                    + "This cannot be undone.</p>"))
        #expect(
            question.body.contains(
                "<form class=\"danger\" method=\"post\" action=\"/reminders/1/delete\">"
                    + "<input type=\"hidden\" name=\"csrf\" value=\"tok\"><button type=\"submit\">Delete</button> "
                    + "<a href=\"/reminders\">Keep it</a></form>"))
        // Asking deletes nothing.
        #expect(try await fixture.store.reminders() == [fixture.eveningRun])
        #expect(
            try await DeleteReminderPage.delete(id: "1", store: fixture.store, bus: fixture.bus)
                == .redirect(to: "/reminders"))
        #expect(try await fixture.store.reminders().isEmpty)
        #expect(try await fixture.store.remindersHandledUntil().isEmpty)
        #expect(await fixture.published() == [StoreChanged(section: .reminders)])
        // Gone: a second press says so and tells nobody.
        guard
            case .notFound(let page) = try await DeleteReminderPage.delete(
                id: "1", store: fixture.store, bus: fixture.bus)
        else {
            Issue.record("deleted twice")
            return
        }
        #expect(page.body.contains("There is no reminder 1"))
        #expect(await fixture.published().isEmpty)
    }
}
