import Foundation
import HubCore

/// `/reminders/{id}/delete`: the question before a reminder is deleted (GET), as `stayfit reminders delete ID` asks
/// it, and the deleting (POST, with the form's `csrf` field, which the server checks before ``delete(id:store:bus:)``
/// runs), after which the running hub is told.
enum DeleteReminderPage {
    /// "Delete reminder 3, "Evening run" at 18:30, mon,wed,fri? This cannot be undone." with the POST form, or the
    /// page saying there is no such reminder.
    static func confirmation(id text: String, store: any ReminderEditor, csrfToken: String) async throws
        -> Result<WebPage, ReminderPath.Missing>
    {
        try await ReminderPath.reminder(text, in: store).map { question($0, csrfToken: csrfToken) }
    }

    /// Deletes the reminder `id` names, as `stayfit reminders delete ID --yes`, and tells the hub.
    static func delete(id text: String, store: any ReminderEditor, bus: MessageBus) async throws -> ReminderOutcome {
        let reminder: Reminder
        switch try await ReminderPath.reminder(text, in: store) {
        case .success(let found): reminder = found
        case .failure(let missing): return .notFound(missing.page)
        }
        // False when it was deleted since it was read.
        guard try await store.deleteReminder(id: reminder.id) else {
            return .notFound(ReminderPath.missing(reminder.id))
        }
        RemindersPage.changed(bus)
        return .redirect(to: "/reminders")
    }

    private static func question(_ reminder: Reminder, csrfToken: String) -> WebPage {
        let question = "Delete reminder \(reminder.id), \(ReminderInput.summary(reminder))? This cannot be undone."
        let body =
            "<h1>Delete a reminder</h1>" + HistoryMarkup.paragraph(question)
            + PeopleMarkup.postForm("/reminders/\(reminder.id)/delete", csrfToken: csrfToken, className: "danger")
            + "<button type=\"submit\">Delete</button> " + HistoryMarkup.link("Keep it", to: "/reminders") + "</form>"
        return WebPage(title: "Delete a reminder", body: body)
    }

}
