import Foundation
import HubCore
import HubStore
import HubTestKit
import Records
import Testing

@testable import Web

/// HubTestKit's in-memory reminders keep what the real store keeps for the same changes, so that a unit test on
/// it says what the hub would do.
@Suite struct InMemoryRemindersAgreeTests {
    @Test func theSameChangesLeaveTheSameRemindersAndBookkeeping() async throws {
        let fixture = try await RemindersFixture()
        let memory = InMemoryReminderBook()
        let stores: [any ReminderEditor] = [fixture.store, memory]
        for store in stores {
            let bus = MessageBus()
            let steps: [ReminderOutcome] = [
                try await RemindersPage.add(
                    RemindersFixture.form(["title": "Evening run", "time": "18:30", "alert": "15"], days: ["mon"]),
                    store: store, bus: bus, csrfToken: "t", now: RemindersFixture.now),
                try await RemindersPage.add(
                    RemindersFixture.form(["title": "Stretch", "time": "07:00"], days: ["sat", "sun"]),
                    store: store, bus: bus, csrfToken: "t", now: RemindersFixture.now),
                try await RemindersPage.turn(id: "1", on: false, store: store, bus: bus, now: RemindersFixture.now),
                try await RemindersPage.turn(id: "1", on: true, store: store, bus: bus, now: RemindersFixture.later),
                try await EditReminderPage.save(
                    id: "2", RemindersFixture.form(["time": "07:30"], days: ["sun"]), store: store, bus: bus,
                    csrfToken: "t", now: RemindersFixture.later),
                try await DeleteReminderPage.delete(id: "1", store: store, bus: bus),
            ]
            #expect(steps.allSatisfy { $0 == .redirect(to: "/reminders") }, "\(steps)")
        }
        let expected = [
            Reminder(
                id: 2, title: "Stretch", time: try #require(TimeOfDay(hour: 7, minute: 30)),
                weekdays: Weekdays([.sunday]))
        ]
        #expect(try await fixture.store.reminders() == expected)
        #expect(try await memory.reminders() == expected)
        #expect(try await fixture.store.remindersHandledUntil() == [2: RemindersFixture.later])
        #expect(try await memory.remindersHandledUntil() == [2: RemindersFixture.later])
    }
}
