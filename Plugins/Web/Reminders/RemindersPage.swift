import Foundation
import HubCore

/// `/reminders`: the current person's reminders as `stayfit reminders list` shows them (title, time, days, alert, on
/// or off), each with its buttons (turn on or off, edit, delete), and the form to add one.
///
/// Every change is the CLI's: the same checks and messages (``ReminderInput``, through ``ReminderForm``), the same
/// store calls (``ReminderEditor``), and then the running hub is told with `StoreChanged(section: .reminders)`, the
/// message its store watcher publishes for a change by `stayfit reminders`: the reminders plugin reads them again at
/// once.
///
/// ```swift
/// let page = try await RemindersPage.render(store: store, csrfToken: token)
/// let outcome = try await RemindersPage.add(form, store: store, bus: bus, csrfToken: token)
/// ```
enum RemindersPage {
    /// The list, and the add form (`problem` above it and `typed` in it, after a refusal).
    static func render(
        store: any ReminderEditor, csrfToken: String, problem: String? = nil, typed: ReminderForm = .blank
    ) async throws -> WebPage {
        let reminders = try await store.reminders()
        var body = "<h1>Reminders</h1>"
        if reminders.isEmpty {
            body += HistoryMarkup.paragraph("No reminders yet. Add one below.", className: "empty")
        } else {
            body +=
                "<table class=\"reminders\"><thead><tr>"
                + ["Title", "Time", "Days", "Alert", "On", "Change"].map { "<th scope=\"col\">\($0)</th>" }.joined()
                + "</tr></thead><tbody>" + reminders.map { row($0, csrfToken: csrfToken) }.joined() + "</tbody></table>"
        }
        body +=
            "<h2>Add a reminder</h2>" + PeopleMarkup.problem(problem)
            + PeopleMarkup.postForm("/reminders/add", csrfToken: csrfToken, className: "reminder")
            + typed.fieldsHTML() + "<button type=\"submit\">Add</button></form>"
        return WebPage(title: "Reminders", body: body)
    }

    /// Adds the form's reminder as `stayfit reminders add` does, for the current person, and tells the hub; the
    /// form again with the CLI's message otherwise, nothing written.
    static func add(
        _ fields: [String: String], store: any ReminderEditor, bus: MessageBus, csrfToken: String, now: Date = Date()
    ) async throws -> ReminderOutcome {
        let form = ReminderForm(fields)
        let reminder: Reminder
        do throws(ReminderInputError) {
            reminder = try form.newReminder()
        } catch {
            return .invalid(
                try await render(store: store, csrfToken: csrfToken, problem: Self.said(error), typed: form))
        }
        _ = try await store.addReminder(reminder, at: now)
        changed(bus)
        return .redirect(to: "/reminders")
    }

    /// Turns the reminder `id` names on or off, as `stayfit reminders enable` and `disable`, and tells the hub.
    static func turn(
        id text: String, on: Bool, store: any ReminderEditor, bus: MessageBus, now: Date = Date()
    ) async throws -> ReminderOutcome {
        let reminder: Reminder
        switch try await ReminderPath.reminder(text, in: store) {
        case .success(let found): reminder = found
        case .failure(let missing): return .notFound(missing.page)
        }
        // False when it was deleted since it was read.
        guard try await store.setReminderEnabled(id: reminder.id, on, at: now) else {
            return .notFound(ReminderPath.missing(reminder.id))
        }
        changed(bus)
        return .redirect(to: "/reminders")
    }

    /// Tells the running hub that the reminders changed, as its store watcher does after `stayfit reminders`.
    ///
    /// The hub's own store does not write the change marker the watcher waits for, so a change made through it
    /// is announced here, on the bus; it arrives sooner than the CLI's (no marker, no settling).
    static func changed(_ bus: MessageBus) {
        bus.publish(StoreChanged(section: .reminders))
    }

    /// One reminder's row: what `stayfit reminders list` prints of it, then its buttons.
    private static func row(_ reminder: Reminder, csrfToken: String) -> String {
        let path = "/reminders/\(reminder.id)"
        let title = HTMLText.escape(reminder.title)
        let cells = [
            reminder.title, "\(reminder.time)", ReminderInput.describe(reminder.weekdays),
            reminder.alertMinutesBefore.map { "\($0) min" } ?? "none", reminder.isEnabled ? "on" : "off",
        ]
        let turn = reminder.isEnabled ? ("off", "Turn off") : ("on", "Turn on")
        return "<tr class=\"\(reminder.isEnabled ? "on" : "off")\">"
            + cells.map { "<td>\(HTMLText.escape($0))</td>" }.joined() + "<td class=\"actions\">"
            + PeopleMarkup.postForm("\(path)/\(turn.0)", csrfToken: csrfToken, className: "turn")
            // Named for a screen reader, which would otherwise hear a list of "Turn off".
            + "<button type=\"submit\" aria-label=\"\(turn.1) \(title)\">\(turn.1)</button></form>"
            + "<a class=\"button\" href=\"\(path)/edit\" aria-label=\"Edit \(title)\">Edit</a>"
            + "<a class=\"button delete\" href=\"\(path)/delete\" aria-label=\"Delete \(title)\">Delete</a>"
            + "</td></tr>"
    }

    /// A refusal of `ReminderInput` in the form's words.
    static func said(_ error: ReminderInputError) -> String {
        FieldWords.onPage(error.message, labels: FieldWords.reminder, alwaysNamed: ["alert"])
    }
}
