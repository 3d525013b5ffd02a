import HubCore
import Hummingbird

/// Reminders: `/reminders` (the list and the add form, `POST /reminders/add`), and for each `/reminders/{id}/on`,
/// `/off`, `/edit` (the form, and `POST` to save) and `/delete` (the question, and `POST` to delete).
enum ReminderRoutes {
    static func add(to router: Router<WebRequestContext>, stores: WebStores, bus: MessageBus) {
        router.get("/reminders", needing: stores.reminders) {
            try await RemindersPage.render(store: $0.view, csrfToken: $0.csrfToken)
        }
        router.postForm("/reminders/add", needing: stores.reminders) { page, form in
            try await RemindersPage.add(form, store: page.view, bus: bus, csrfToken: page.csrfToken)
        }
        for (action, on) in [("on", true), ("off", false)] {
            router.post("/reminders/{id}/\(action)", needing: stores.reminders) {
                try await RemindersPage.turn(id: $0.id, on: on, store: $0.view, bus: bus)
            }
        }
        router.get("/reminders/{id}/edit", needing: stores.reminders) {
            try await EditReminderPage.render(id: $0.id, store: $0.view, csrfToken: $0.csrfToken)
        }
        router.postForm("/reminders/{id}/edit", needing: stores.reminders) { page, form in
            try await EditReminderPage.save(id: page.id, form, store: page.view, bus: bus, csrfToken: page.csrfToken)
        }
        router.get("/reminders/{id}/delete", needing: stores.reminders) {
            try await DeleteReminderPage.confirmation(id: $0.id, store: $0.view, csrfToken: $0.csrfToken)
        }
        router.post("/reminders/{id}/delete", needing: stores.reminders) {
            try await DeleteReminderPage.delete(id: $0.id, store: $0.view, bus: bus)
        }
    }
}

extension ReminderOutcome: PageAnswer {
    func response(csrfToken: String) -> Response {
        switch self {
        case .redirect(let location): WebResponse.redirect(to: location)
        case .invalid(let page): WebResponse.page(page, csrfToken: csrfToken, status: .unprocessableContent)
        case .notFound(let page): WebResponse.page(page, csrfToken: csrfToken, status: .notFound)
        }
    }
}

/// A reminder's page, or the page saying there is no such reminder (404).
extension Result: PageAnswer where Success == WebPage, Failure == ReminderPath.Missing {
    func response(csrfToken: String) -> Response {
        switch self {
        case .success(let page): WebResponse.page(page, csrfToken: csrfToken)
        case .failure(let missing): WebResponse.page(missing.page, csrfToken: csrfToken, status: .notFound)
        }
    }
}
