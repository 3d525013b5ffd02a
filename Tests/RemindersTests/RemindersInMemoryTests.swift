import Foundation
import HubCore
import HubTestKit
import Reminders
import Testing

/// The plugin over HubTestKit's in-memory reminder book: the three calls it makes of the store, without a database.
@Suite struct RemindersInMemoryTests {
    static func reminder(_ id: Int64, _ title: String, at hour: Int, on days: Weekdays) throws -> Reminder {
        Reminder(id: id, title: title, time: try #require(TimeOfDay(hour: hour, minute: 0)), weekdays: days)
    }

    @Test func firesFromTheBookAndRecordsHowFarItHandledEachReminder() async throws {
        let book = InMemoryReminderBook([
            try Self.reminder(1, "Morning run", at: 7, on: .everyDay),
            try Self.reminder(2, "Sunday swim", at: 7, on: Weekdays([.sunday])),
        ])
        let hub = try RemindersHarness(at: "2026-11-23 06:00", book: book)  // a Monday
        try await hub.running {
            try await hub.advance(to: "2026-11-23 07:00")
            #expect(try await hub.published() == ["Reminder: Morning run."])
        }
        let handled = try await book.remindersHandledUntil()
        #expect(handled[1] == RemindersHarness.date("2026-11-23 07:00").addingTimeInterval(30))
        #expect(handled[2] == nil, "not due on a Monday")
    }

    @Test func readsTheBookAgainWhenTheRemindersChange() async throws {
        let book = InMemoryReminderBook()
        let hub = try RemindersHarness(at: "2026-11-23 06:00", book: book)
        try await hub.running {
            book.set([try Self.reminder(7, "Stretch", at: 7, on: .everyDay)])
            hub.context.bus.publish(StoreChanged(section: .reminders))
            for _ in 0..<61 { try await hub.advance(by: .seconds(60)) }  // 07:01, a wake every minute
            #expect(try await hub.published() == ["Reminder: Stretch."])
        }
    }
}
