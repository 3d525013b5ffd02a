import HubCore
import Hummingbird

/// Reminders: `/reminders` (the list and the add form, `POST /reminders/add`), and for each `/reminders/{id}/on`,
/// `/off`, `/edit` (the form, and `POST` to save) and `/delete` (the question, and `POST` to delete).
enum ReminderRoutes {
    static func add(to router: Router<WebRequestContext>, stores: WebStores, bus: MessageBus) {
        router.get("/reminders") { _, context in
            guard let store = stores.reminders else { return PageReplies.unavailable(csrfToken: context.csrfToken) }
            return WebResponse.page(
                try await RemindersPage.render(store: store, csrfToken: context.csrfToken), csrfToken: context.csrfToken
            )
        }
        router.post("/reminders/add") { request, context in
            guard let store = stores.reminders else { return PageReplies.unavailable(csrfToken: context.csrfToken) }
            var request = request
            let form = try await FormFields.read(&request).values
            return reply(
                try await RemindersPage.add(form, store: store, bus: bus, csrfToken: context.csrfToken),
                csrfToken: context.csrfToken)
        }
        for (action, on) in [("on", true), ("off", false)] {
            router.post("/reminders/{id}/\(action)") { _, context in
                guard let store = stores.reminders else { return PageReplies.unavailable(csrfToken: context.csrfToken) }
                return reply(
                    try await RemindersPage.turn(
                        id: context.parameters.get("id") ?? "", on: on, store: store, bus: bus),
                    csrfToken: context.csrfToken)
            }
        }
        router.get("/reminders/{id}/edit") { _, context in
            guard let store = stores.reminders else { return PageReplies.unavailable(csrfToken: context.csrfToken) }
            return page(
                try await EditReminderPage.render(
                    id: context.parameters.get("id") ?? "", store: store, csrfToken: context.csrfToken),
                csrfToken: context.csrfToken)
        }
        router.post("/reminders/{id}/edit") { request, context in
            guard let store = stores.reminders else { return PageReplies.unavailable(csrfToken: context.csrfToken) }
            var request = request
            let form = try await FormFields.read(&request).values
            return reply(
                try await EditReminderPage.save(
                    id: context.parameters.get("id") ?? "", form, store: store, bus: bus, csrfToken: context.csrfToken),
                csrfToken: context.csrfToken)
        }
        router.get("/reminders/{id}/delete") { _, context in
            guard let store = stores.reminders else { return PageReplies.unavailable(csrfToken: context.csrfToken) }
            return page(
                try await DeleteReminderPage.confirmation(
                    id: context.parameters.get("id") ?? "", store: store, csrfToken: context.csrfToken),
                csrfToken: context.csrfToken)
        }
        router.post("/reminders/{id}/delete") { _, context in
            guard let store = stores.reminders else { return PageReplies.unavailable(csrfToken: context.csrfToken) }
            return reply(
                try await DeleteReminderPage.delete(id: context.parameters.get("id") ?? "", store: store, bus: bus),
                csrfToken: context.csrfToken)
        }
    }

    static func reply(_ outcome: ReminderOutcome, csrfToken: String) -> Response {
        switch outcome {
        case .redirect(let location): WebResponse.redirect(to: location)
        case .invalid(let page): WebResponse.page(page, csrfToken: csrfToken, status: .unprocessableContent)
        case .notFound(let page): WebResponse.page(page, csrfToken: csrfToken, status: .notFound)
        }
    }

    /// A reminder's page, or the page saying there is no such reminder (404).
    static func page(_ result: Result<WebPage, ReminderPath.Missing>, csrfToken: String) -> Response {
        switch result {
        case .success(let page): WebResponse.page(page, csrfToken: csrfToken)
        case .failure(let missing): WebResponse.page(missing.page, csrfToken: csrfToken, status: .notFound)
        }
    }
}
