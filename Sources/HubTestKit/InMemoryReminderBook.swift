import Foundation
import HubCore
import Synchronization

/// The reminders plugin's store, in memory: the reminders a test gives it, and what the plugin records as handled.
public final class InMemoryReminderBook: ReminderBook {
    private struct State {
        var reminders: [Reminder]
        var handledUntil: [Int64: Date] = [:]
    }

    private let state: Mutex<State>

    public init(_ reminders: [Reminder] = []) { state = Mutex(State(reminders: reminders)) }

    /// Replaces the reminders, as `stayfit reminders` would (publish `StoreChanged(section: .reminders)` after).
    public func set(_ reminders: [Reminder]) { state.withLock { $0.reminders = reminders } }

    public func reminders() async throws -> [Reminder] { state.withLock { $0.reminders } }

    public func remindersHandledUntil() async throws -> [Int64: Date] { state.withLock { $0.handledUntil } }

    public func setRemindersHandled(until date: Date, ids: [Int64]) async throws {
        state.withLock { state in for id in ids { state.handledUntil[id] = date } }
    }
}
