import Foundation
import HubCore
import HubStore
import HubTestKit
import Testing

/// The reminders in the store: kept as given, counted as changes for a running hub, removed by a reset.
@Suite struct ReminderStoreTests {
    let directory: TemporaryDirectory
    let store: HubStore

    init() throws {
        directory = try TemporaryDirectory()
        store = try HubStore(directory: directory.url)
    }

    func reminder(_ title: String = "Evening run") throws -> Reminder {
        Reminder(
            title: title, time: try #require(TimeOfDay(hour: 18, minute: 30)), weekdays: Weekdays([.monday, .friday]),
            alertMinutesBefore: 15)
    }

    @Test func aReminderIsKeptAsGivenAndCanBeEditedTurnedOffAndDeleted() async throws {
        let added = try await store.addReminder(try reminder())
        #expect(added.id > 0)
        #expect(try await store.reminders() == [added])
        var edited = added
        edited.title = "Long run"
        edited.alertMinutesBefore = nil
        edited.weekdays = Weekdays([.sunday])
        #expect(try await store.updateReminder(edited))
        #expect(try await store.reminder(id: added.id) == edited)
        #expect(try await store.setReminderEnabled(id: added.id, false))
        #expect(try await store.reminder(id: added.id)?.isEnabled == false)
        #expect(try await store.deleteReminder(id: added.id))
        #expect(try await store.reminders().isEmpty)
        #expect(try await store.deleteReminder(id: added.id) == false)
        #expect(try await store.setReminderEnabled(id: added.id, true) == false)
    }

    @Test func changesBumpTheCounterButTheHubsBookkeepingDoesNot() async throws {
        let start = try await store.changeVersions()[.reminders]
        let added = try await store.addReminder(try reminder())
        let afterAdd = try await store.changeVersions()[.reminders]
        #expect(afterAdd != start)
        try await store.setRemindersHandled(until: Date(), ids: [added.id])
        #expect(try await store.changeVersions()[.reminders] == afterAdd)
        try await store.setReminderEnabled(id: added.id, false)
        #expect(try await store.changeVersions()[.reminders] != afterAdd)
    }

    @Test func enablingOrEditingStartsTheScheduleAgainFromThen() async throws {
        let monday = Date(timeIntervalSince1970: 1_795_000_000)
        let added = try await store.addReminder(try reminder(), at: monday)
        #expect(try await store.remindersHandledUntil() == [added.id: monday])
        try await store.setReminderEnabled(id: added.id, false, at: monday.addingTimeInterval(60))
        #expect(try await store.remindersHandledUntil() == [added.id: monday], "turning off moves nothing")
        let later = monday.addingTimeInterval(7 * 86_400)
        try await store.setReminderEnabled(id: added.id, true, at: later)
        #expect(try await store.remindersHandledUntil() == [added.id: later], "the week it was off is not missed")
        try await store.updateReminder(added, at: later.addingTimeInterval(60))
        #expect(try await store.remindersHandledUntil() == [added.id: later.addingTimeInterval(60)])
    }

    @Test func resetRemovesTheReminders() async throws {
        _ = try await store.addReminder(try reminder("One"))
        _ = try await store.addReminder(try reminder("Two"))
        #expect(try await store.rowCounts()["reminders"] == 2)
        try await store.deleteAllUserData()
        #expect(try await store.reminders().isEmpty)
        #expect(try await store.rowCounts()["reminders"] == 0)
    }
}
