import HubCore
import Hummingbird

/// The settings: `/settings` (the list), `/settings/profile` and `/settings/goal`, each shown and changed (POST) as
/// `stayfit profile` and `stayfit goals` show and change them.
enum SettingsRoutes {
    static func add(to router: Router<WebRequestContext>, stores: WebStores, bus: MessageBus) {
        router.page("/settings") { _, _ in SettingsPage.render() }
        router.get("/settings/profile") { request, context in
            guard let book = stores.profileBook else { return PageReplies.unavailable(csrfToken: context.csrfToken) }
            let saved = PageReplies.query(request)["saved"] != nil
            return WebResponse.page(
                try await ProfilePage.render(book: book, csrfToken: context.csrfToken, saved: saved),
                csrfToken: context.csrfToken)
        }
        router.post("/settings/profile") { request, context in
            guard let book = stores.profileBook else { return PageReplies.unavailable(csrfToken: context.csrfToken) }
            var request = request
            let form = try await FormFields.read(&request).values
            return PageReplies.reply(
                try await ProfilePage.save(form, book: book, bus: bus, csrfToken: context.csrfToken),
                csrfToken: context.csrfToken)
        }
        router.get("/settings/goal") { _, context in
            guard let goals = stores.goalBook else { return PageReplies.unavailable(csrfToken: context.csrfToken) }
            return WebResponse.page(
                try await GoalPage.render(goals: goals, csrfToken: context.csrfToken), csrfToken: context.csrfToken)
        }
        router.post("/settings/goal") { request, context in
            guard let goals = stores.goalBook else { return PageReplies.unavailable(csrfToken: context.csrfToken) }
            var request = request
            let form = try await FormFields.read(&request).values
            return PageReplies.reply(
                try await GoalPage.change(form, goals: goals, bus: bus, csrfToken: context.csrfToken),
                csrfToken: context.csrfToken)
        }
    }
}
