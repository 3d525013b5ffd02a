import Foundation
import HubCore
import Synchronization

/// The reminders' store, in memory: the reminders a test gives it, what the plugin records as handled, and the
/// changes `stayfit reminders` and the web app make (``ReminderEditor``), with the store's ids and bookkeeping.
public final class InMemoryReminderBook: ReminderEditor {
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

    // MARK: - ReminderEditor

    public func reminder(id: Int64) async throws -> Reminder? {
        state.withLock { $0.reminders.first { $0.id == id } }
    }

    public func addReminder(_ reminder: Reminder, at date: Date) async throws -> Reminder {
        state.withLock { state in
            var added = reminder
            // As SQLite's rowid: one more than the largest.
            added.id = (state.reminders.map(\.id).max() ?? 0) + 1
            state.reminders.append(added)
            state.handledUntil[added.id] = date
            return added
        }
    }

    public func updateReminder(_ reminder: Reminder, at date: Date) async throws -> Bool {
        state.withLock { state in
            guard let index = state.reminders.firstIndex(where: { $0.id == reminder.id }) else { return false }
            state.reminders[index] = reminder
            state.handledUntil[reminder.id] = date
            return true
        }
    }

    public func setReminderEnabled(id: Int64, _ enabled: Bool, at date: Date) async throws -> Bool {
        state.withLock { state in
            guard let index = state.reminders.firstIndex(where: { $0.id == id }) else { return false }
            // Turned on, it counts from `date`: the times it was off are not missed.
            if enabled && !state.reminders[index].isEnabled { state.handledUntil[id] = date }
            state.reminders[index].isEnabled = enabled
            return true
        }
    }

    public func deleteReminder(id: Int64) async throws -> Bool {
        state.withLock { state in
            guard let index = state.reminders.firstIndex(where: { $0.id == id }) else { return false }
            state.reminders.remove(at: index)
            state.handledUntil[id] = nil
            return true
        }
    }
}
