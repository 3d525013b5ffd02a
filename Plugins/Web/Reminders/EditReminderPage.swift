import Foundation
import HubCore

/// `/reminders/{id}/edit`: a reminder's title, time, days and alert in a form filled with what they are (GET), and
/// the change (POST, as `stayfit reminders edit ID`: each field checked as the CLI checks it, what is left as it was
/// stays), after which the running hub is told.
enum EditReminderPage {
    /// The form for the reminder `id` names, or the page saying there is none.
    static func render(id text: String, store: any ReminderEditor, csrfToken: String) async throws
        -> Result<WebPage, ReminderPath.Missing>
    {
        try await ReminderPath.reminder(text, in: store).map {
            page($0, form: ReminderForm($0), csrfToken: csrfToken)
        }
    }

    /// Stores the form's changes to the reminder `id` names, as `stayfit reminders edit` stores them, and tells the
    /// hub; the form again with the CLI's message otherwise, nothing written.
    static func save(
        id text: String, _ fields: [String: String], store: any ReminderEditor, bus: MessageBus, csrfToken: String,
        now: Date = Date()
    ) async throws -> ReminderOutcome {
        let reminder: Reminder
        switch try await ReminderPath.reminder(text, in: store) {
        case .success(let found): reminder = found
        case .failure(let missing): return .notFound(missing.page)
        }
        let form = ReminderForm(fields)
        let changed: Reminder
        do throws(ReminderInputError) {
            changed = try form.edited(reminder)
        } catch {
            return .invalid(page(reminder, form: form, csrfToken: csrfToken, problem: RemindersPage.said(error)))
        }
        // False when it was deleted since it was read.
        guard try await store.updateReminder(changed, at: now) else {
            return .notFound(ReminderPath.missing(reminder.id))
        }
        RemindersPage.changed(bus)
        return .redirect(to: "/reminders")
    }

    private static func page(_ reminder: Reminder, form: ReminderForm, csrfToken: String, problem: String? = nil)
        -> WebPage
    {
        let body =
            "<h1>Edit a reminder</h1>"
            + HistoryMarkup.paragraph("Now: " + ReminderInput.summary(reminder) + ".", className: "reminder-now")
            + PeopleMarkup.problem(problem)
            + PeopleMarkup.postForm("/reminders/\(reminder.id)/edit", csrfToken: csrfToken, className: "reminder")
            + form.fieldsHTML() + "<button type=\"submit\">Save</button> "
            + HistoryMarkup.link("Cancel", to: "/reminders") + "</form>"
        return WebPage(title: "Edit a reminder", body: body)
    }
}
