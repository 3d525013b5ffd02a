import HubCore
import Hummingbird

/// The settings: `/settings` (the list), `/settings/profile` and `/settings/goal`, each shown and changed (POST) as
/// `stayfit profile` and `stayfit goals` show and change them.
enum SettingsRoutes {
    static func add(to router: Router<WebRequestContext>, stores: WebStores, bus: MessageBus) {
        router.page("/settings") { _, _ in SettingsPage.render() }
        router.get("/settings/profile", needing: stores.profileBook) {
            try await ProfilePage.render(book: $0.view, csrfToken: $0.csrfToken, saved: $0.query["saved"] != nil)
        }
        router.postForm("/settings/profile", needing: stores.profileBook) { page, form in
            try await ProfilePage.save(form, book: page.view, bus: bus, csrfToken: page.csrfToken)
        }
        router.get("/settings/goal", needing: stores.goalBook) {
            try await GoalPage.render(goals: $0.view, csrfToken: $0.csrfToken)
        }
        router.postForm("/settings/goal", needing: stores.goalBook) { page, form in
            try await GoalPage.change(form, goals: page.view, bus: bus, csrfToken: page.csrfToken)
        }
    }
}
