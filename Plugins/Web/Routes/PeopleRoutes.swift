import HubCore
import Hummingbird

/// People and food: `/people` (choose and add), `/today` (and removing an entry), `/food` (search and add) and
/// `/weight`.
enum PeopleRoutes {
    static func add(to router: Router<WebRequestContext>, stores: WebStores, bus: MessageBus) {
        router.get("/people") { _, context in
            guard let roster = stores.roster else { return PageReplies.unavailable(csrfToken: context.csrfToken) }
            return WebResponse.page(
                try await PeoplePage.render(roster: roster, csrfToken: context.csrfToken), csrfToken: context.csrfToken)
        }
        router.post("/people/choose") { request, context in
            guard let roster = stores.roster else { return PageReplies.unavailable(csrfToken: context.csrfToken) }
            var request = request
            let form = try await FormFields.read(&request).values
            return PageReplies.reply(
                try await PeoplePage.choose(form, roster: roster, bus: bus, csrfToken: context.csrfToken),
                csrfToken: context.csrfToken)
        }
        router.post("/people/add") { request, context in
            guard let roster = stores.roster else { return PageReplies.unavailable(csrfToken: context.csrfToken) }
            var request = request
            let form = try await FormFields.read(&request).values
            return PageReplies.reply(
                try await PeoplePage.add(form, roster: roster, csrfToken: context.csrfToken),
                csrfToken: context.csrfToken)
        }
        router.get("/today") { _, context in
            guard let diary = stores.diary else { return PageReplies.unavailable(csrfToken: context.csrfToken) }
            return WebResponse.page(
                try await TodayPage.render(diary: diary, csrfToken: context.csrfToken), csrfToken: context.csrfToken)
        }
        router.post("/food/{id}/remove") { _, context in
            guard let diary = stores.diary else { return PageReplies.unavailable(csrfToken: context.csrfToken) }
            return PageReplies.reply(
                try await TodayPage.remove(id: context.parameters.get("id") ?? "", diary: diary),
                csrfToken: context.csrfToken)
        }
        router.get("/food") { request, context in
            guard let diary = stores.diary else { return PageReplies.unavailable(csrfToken: context.csrfToken) }
            let page = try await FoodPage.render(
                query: PageReplies.query(request), diary: diary, csrfToken: context.csrfToken)
            return WebResponse.page(page, csrfToken: context.csrfToken)
        }
        router.post("/food/add") { request, context in
            guard let diary = stores.diary else { return PageReplies.unavailable(csrfToken: context.csrfToken) }
            var request = request
            let form = try await FormFields.read(&request).values
            return PageReplies.reply(
                try await FoodPage.add(form, diary: diary, csrfToken: context.csrfToken), csrfToken: context.csrfToken)
        }
        router.get("/weight") { _, context in
            guard let diary = stores.diary else { return PageReplies.unavailable(csrfToken: context.csrfToken) }
            return WebResponse.page(
                try await WeightPage.render(diary: diary, csrfToken: context.csrfToken), csrfToken: context.csrfToken)
        }
        router.post("/weight") { request, context in
            guard let diary = stores.diary else { return PageReplies.unavailable(csrfToken: context.csrfToken) }
            var request = request
            let form = try await FormFields.read(&request).values
            return PageReplies.reply(
                try await WeightPage.log(form, diary: diary, bus: bus, csrfToken: context.csrfToken),
                csrfToken: context.csrfToken
            )
        }
    }
}
