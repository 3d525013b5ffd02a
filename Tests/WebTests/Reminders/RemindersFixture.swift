import Foundation
import HubCore
import HubStore
import HubTestKit
import Records
import Reports
import Testing

@testable import Web

/// A real temporary store with one person, Alex, and a bus whose `StoreChanged` messages a test reads: what the
/// running hub would be told.
struct RemindersFixture {
    let directory: TemporaryDirectory
    let store: HubStore
    let bus = MessageBus()
    let changes: Inbox<StoreChanged>

    static let now = LocalTime.date(year: 2026, month: 11, day: 27, hour: 12)
    static let later = LocalTime.date(year: 2026, month: 11, day: 28, hour: 9)

    /// What `stayfit reminders add --title "Evening run" --time 18:30 --repeat fri,mon,wed --alert 15` stores first
    /// (`RemindersCLITests`).
    let eveningRun: Reminder

    init() async throws {
        directory = try TemporaryDirectory()
        store = try HubStore(directory: directory.url)
        try await store.addPerson(named: "Alex", profile: nil, at: Self.now)
        changes = bus.inbox(of: StoreChanged.self, subscriber: "test")
        eveningRun = Reminder(
            id: 1, title: "Evening run", time: try #require(TimeOfDay(hour: 18, minute: 30)),
            weekdays: Weekdays([.monday, .wednesday, .friday]), alertMinutesBefore: 15)
    }

    /// Adds the evening run through the store, as the CLI would have.
    @discardableResult
    func addEveningRun() async throws -> Reminder {
        try await store.addReminder(eveningRun, at: Self.now)
    }

    /// The `StoreChanged` messages published so far, in order: a profile change is published after them, so that a
    /// missing one fails the test instead of waiting for ever.
    func published() async -> [StoreChanged] {
        bus.publish(StoreChanged(section: .profile))
        var seen: [StoreChanged] = []
        var messages = changes.makeAsyncIterator()
        while let message = await messages.next(), message.section != .profile { seen.append(message) }
        return seen
    }

    /// The form a browser sends: `fields`, the ticked days and the token.
    static func form(_ fields: [String: String], days: [String] = []) -> [String: String] {
        var form = fields
        for day in days { form[day] = "on" }
        form["csrf"] = "t"
        return form
    }
}
