import HubCore
import Hummingbird

/// People and food: `/people` (choose and add), `/today` (and removing an entry), `/food` (search and add) and
/// `/weight`.
enum PeopleRoutes {
    static func add(to router: Router<WebRequestContext>, stores: WebStores, bus: MessageBus) {
        router.get("/people", needing: stores.roster) {
            try await PeoplePage.render(roster: $0.view, csrfToken: $0.csrfToken)
        }
        router.postForm("/people/choose", needing: stores.roster) { page, form in
            try await PeoplePage.choose(form, roster: page.view, bus: bus, csrfToken: page.csrfToken)
        }
        router.postForm("/people/add", needing: stores.roster) { page, form in
            try await PeoplePage.add(form, roster: page.view, csrfToken: page.csrfToken)
        }
        router.get("/today", needing: stores.diary) {
            try await TodayPage.render(diary: $0.view, csrfToken: $0.csrfToken)
        }
        router.postForm("/today/budget", needing: stores.diary) { page, form in
            try await TodayPage.keepBudget(form, diary: page.view, csrfToken: page.csrfToken)
        }
        router.post("/food/{id}/remove", needing: stores.diary) {
            try await TodayPage.remove(id: $0.id, diary: $0.view)
        }
        router.get("/food", needing: stores.diary) {
            try await FoodPage.render(query: $0.query, diary: $0.view, csrfToken: $0.csrfToken)
        }
        router.postForm("/food/add", needing: stores.diary) { page, form in
            try await FoodPage.add(form, diary: page.view, csrfToken: page.csrfToken)
        }
        router.get("/weight", needing: stores.diary) {
            try await WeightPage.render(diary: $0.view, csrfToken: $0.csrfToken)
        }
        router.postForm("/weight", needing: stores.diary) { page, form in
            try await WeightPage.log(form, diary: page.view, bus: bus, csrfToken: page.csrfToken)
        }
    }
}
