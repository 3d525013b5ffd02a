import Hummingbird

/// History and reports: `/history`, `/workouts/{id}` (and its `.gpx`/`.tcx`), its pictures and deleting it,
/// `/stats` and `/heart-rate` with their pictures.
enum HistoryRoutes {
    static func add(to router: Router<WebRequestContext>, stores: WebStores) {
        router.get("/history") { request, context in
            guard let history = stores.history else { return PageReplies.unavailable(csrfToken: context.csrfToken) }
            let page = try await HistoryPage.render(
                HistoryQuery(PageReplies.query(request)), history: history, units: stores.units)
            return WebResponse.page(page, csrfToken: context.csrfToken)
        }
        // `7` is the workout's page, `7.gpx` and `7.tcx` its files.
        router.get("/workouts/{id}") { _, context in
            guard let history = stores.history else { return PageReplies.unavailable(csrfToken: context.csrfToken) }
            let (id, format) = PageReplies.split(context.parameters.get("id") ?? "")
            guard let format else {
                return PageReplies.page(
                    try await WorkoutDetailPage.render(id: id, history: history, units: stores.units),
                    csrfToken: context.csrfToken)
            }
            guard let exporter = stores.exporter else { return PageReplies.unavailable(csrfToken: context.csrfToken) }
            switch try await WorkoutDownload.make(id: id, format: format, history: history, exporter: exporter) {
            case .file(let file):
                return PageReplies.download(fileName: file.fileName, contentType: file.contentType, bytes: file.bytes)
            case .notFound: return PageReplies.notFound(csrfToken: context.csrfToken)
            case .refused(let page): return WebResponse.page(page, csrfToken: context.csrfToken, status: .conflict)
            }
        }
        router.get("/workouts/{id}/{picture}") { _, context in
            guard let history = stores.history else { return PageReplies.unavailable(csrfToken: context.csrfToken) }
            let (picture, format) = PageReplies.split(context.parameters.get("picture") ?? "")
            guard format == "svg" else { return PageReplies.notFound(csrfToken: context.csrfToken) }
            let svg = try await WorkoutPicture.svg(
                id: context.parameters.get("id") ?? "", picture: picture, history: history, units: stores.units)
            return PageReplies.svg(svg, csrfToken: context.csrfToken)
        }
        router.get("/workouts/{id}/delete") { _, context in
            guard let history = stores.history else { return PageReplies.unavailable(csrfToken: context.csrfToken) }
            return PageReplies.page(
                try await DeleteWorkoutPage.confirmation(
                    id: context.parameters.get("id") ?? "", history: history, units: stores.units,
                    csrfToken: context.csrfToken),
                csrfToken: context.csrfToken)
        }
        router.post("/workouts/{id}/delete") { _, context in
            guard let history = stores.history else { return PageReplies.unavailable(csrfToken: context.csrfToken) }
            switch try await DeleteWorkoutPage.delete(id: context.parameters.get("id") ?? "", history: history) {
            case .deleted: return WebResponse.redirect(to: "/history")
            case .notFound: return PageReplies.notFound(csrfToken: context.csrfToken)
            case .refused(let page): return WebResponse.page(page, csrfToken: context.csrfToken, status: .conflict)
            }
        }
        router.get("/stats") { request, context in
            guard let history = stores.history else { return PageReplies.unavailable(csrfToken: context.csrfToken) }
            let page = try await StatsPage.render(
                StatsQuery(PageReplies.query(request)), history: history, units: stores.units)
            return WebResponse.page(page, csrfToken: context.csrfToken)
        }
        router.get("/stats.svg") { request, context in
            guard let history = stores.history else { return PageReplies.unavailable(csrfToken: context.csrfToken) }
            let svg = try await StatsPage.svg(
                StatsQuery(PageReplies.query(request)), history: history, units: stores.units)
            return PageReplies.svg(svg, csrfToken: context.csrfToken)
        }
        router.get("/heart-rate") { request, context in
            guard let history = stores.history else { return PageReplies.unavailable(csrfToken: context.csrfToken) }
            let page = try await HeartRatePage.render(HeartRateQuery(PageReplies.query(request)), history: history)
            return WebResponse.page(page, csrfToken: context.csrfToken)
        }
        router.get("/heart-rate.svg") { request, context in
            guard let history = stores.history else { return PageReplies.unavailable(csrfToken: context.csrfToken) }
            let svg = try await HeartRatePage.svg(HeartRateQuery(PageReplies.query(request)), history: history)
            return PageReplies.svg(svg, csrfToken: context.csrfToken)
        }
    }
}
