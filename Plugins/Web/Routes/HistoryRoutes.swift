import Hummingbird

/// History and reports: `/history`, `/workouts/{id}` (and its `.gpx`/`.tcx`), its pictures and deleting it,
/// `/stats` and `/heart-rate` with their pictures.
enum HistoryRoutes {
    static func add(to router: Router<WebRequestContext>, stores: WebStores) {
        let units = stores.units
        router.get("/history", needing: stores.history) {
            try await HistoryPage.render(HistoryQuery($0.query), history: $0.view, units: units)
        }
        // `7` is the workout's page, `7.gpx` and `7.tcx` its files.
        router.get("/workouts/{id}", needing: stores.history) { page in
            let (id, format) = PageReplies.split(page.id)
            guard let format else {
                return try await WorkoutDetailPage.render(id: id, history: page.view, units: units)
                    .response(csrfToken: page.csrfToken)
            }
            guard let exporter = stores.exporter else { return PageReplies.unavailable(csrfToken: page.csrfToken) }
            switch try await WorkoutDownload.make(id: id, format: format, history: page.view, exporter: exporter) {
            case .file(let file):
                return PageReplies.download(fileName: file.fileName, contentType: file.contentType, bytes: file.bytes)
            case .notFound: return PageReplies.notFound(csrfToken: page.csrfToken)
            case .refused(let refusal): return WebResponse.page(refusal, csrfToken: page.csrfToken, status: .conflict)
            }
        }
        router.get("/workouts/{id}/{picture}", needing: stores.history) { page in
            let (picture, format) = PageReplies.split(page.context.parameters.get("picture") ?? "")
            guard format == "svg" else { return PageReplies.notFound(csrfToken: page.csrfToken) }
            let svg = try await WorkoutPicture.svg(id: page.id, picture: picture, history: page.view, units: units)
            return PageReplies.svg(svg, csrfToken: page.csrfToken)
        }
        router.get("/workouts/{id}/delete", needing: stores.history) {
            try await DeleteWorkoutPage.confirmation(id: $0.id, history: $0.view, units: units, csrfToken: $0.csrfToken)
        }
        router.post("/workouts/{id}/delete", needing: stores.history) { page in
            switch try await DeleteWorkoutPage.delete(id: page.id, history: page.view) {
            case .deleted: return WebResponse.redirect(to: "/history")
            case .notFound: return PageReplies.notFound(csrfToken: page.csrfToken)
            case .refused(let refusal): return WebResponse.page(refusal, csrfToken: page.csrfToken, status: .conflict)
            }
        }
        router.get("/stats", needing: stores.history) {
            try await StatsPage.render(StatsQuery($0.query), history: $0.view, units: units)
        }
        router.get("/stats.svg", needing: stores.history) {
            PageReplies.svg(
                try await StatsPage.svg(StatsQuery($0.query), history: $0.view, units: units), csrfToken: $0.csrfToken)
        }
        router.get("/heart-rate", needing: stores.history) {
            try await HeartRatePage.render(HeartRateQuery($0.query), history: $0.view)
        }
        router.get("/heart-rate.svg", needing: stores.history) {
            PageReplies.svg(
                try await HeartRatePage.svg(HeartRateQuery($0.query), history: $0.view), csrfToken: $0.csrfToken)
        }
    }
}
