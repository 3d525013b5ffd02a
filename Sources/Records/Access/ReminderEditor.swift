import Foundation

/// What `stayfit reminders` and the web app's reminders page change of the store: a reminder by id, and adding,
/// editing, turning on or off and deleting one, through the same store calls.
///
/// `HubStore` conforms; HubTestKit's `InMemoryReminderBook` too. Values are checked (``Reminder`` fields read by
/// `ReminderInput`) before they are given here. The hub's own store does not announce its writes to the store
/// watcher: whoever changes reminders through the hub's store publishes `StoreChanged(section: .reminders)`.
///
/// ```swift
/// let added = try await editor.addReminder(Reminder(title: "Evening run", time: sixThirty, weekdays: .everyDay), at: now)
/// try await editor.setReminderEnabled(id: added.id, false, at: now)
/// ```
public protocol ReminderEditor: ReminderBook {
    /// The reminder with `id` (anyone's), or nil.
    func reminder(id: Int64) async throws -> Reminder?
    /// Adds `reminder` (its `id` is ignored) for the current person; its times before `date` count as handled.
    /// Returns it with the id the store gave it.
    func addReminder(_ reminder: Reminder, at date: Date) async throws -> Reminder
    /// Replaces the reminder with `reminder.id`, its schedule starting at `date`; false when there is none.
    func updateReminder(_ reminder: Reminder, at date: Date) async throws -> Bool
    /// Turns the reminder with `id` on (counting from `date`) or off; false when there is none.
    func setReminderEnabled(id: Int64, _ enabled: Bool, at date: Date) async throws -> Bool
    /// Deletes the reminder with `id`; false when there is none.
    func deleteReminder(id: Int64) async throws -> Bool
}
