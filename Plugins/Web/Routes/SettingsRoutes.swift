import HubCore
import Hummingbird

/// The settings: `/settings` (the list), `/settings/profile` and `/settings/goal`, each shown and changed (POST) as
/// `stayfit profile` and `stayfit goals` show and change them, and the plugins' pages (`/settings/music`,
/// `/settings/voice`), changed in the configuration file as editing it and reloading the hub would.
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
        for settingsPage in PluginSettingsPage.pages {
            router.get(RouterPath(settingsPage.path), needing: bus) {
                await PluginSettingsPage.render(
                    settingsPage, bus: $0.view, csrfToken: $0.csrfToken, saved: $0.query["saved"] != nil)
            }
            router.postForm(RouterPath(settingsPage.path), needing: bus) { page, form in
                await PluginSettingsPage.save(form, page: settingsPage, bus: page.view, csrfToken: page.csrfToken)
            }
        }
    }
}
