import Foundation

/// What the reminders plugin needs of the store: the reminders, and how far each was handled.
///
/// `HubStore` conforms; HubTestKit has an in-memory one.
///
/// ```swift
/// let due = try await book.reminders().filter(\.enabled)
/// try await book.setRemindersHandled(until: now, ids: due.map(\.id))
/// ```
public protocol ReminderBook: Sendable {
    /// Every reminder, in the order the person sees them.
    func reminders() async throws -> [Reminder]
    /// Until when each reminder (by id) was handled: fired, or skipped as missed.
    func remindersHandledUntil() async throws -> [Int64: Date]
    /// Records that the reminders `ids` were handled until `date`.
    func setRemindersHandled(until date: Date, ids: [Int64]) async throws
}
