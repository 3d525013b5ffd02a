import Hummingbird

/// `/` (the live page), `/live/events` (its stream) and `POST /control/{action}` (its buttons).
enum LiveRoutes {
    static func add(to router: Router<WebRequestContext>, app: WebApp) {
        router.page("/", scripts: ["live.js"]) { _, context in LivePage.render(csrfToken: context.csrfToken) }
        router.get("/live/events") { _, context in LiveStream.response(feed: app.feed, channel: context.channel) }
        router.post("/control/{action}") { request, context in
            guard let name = context.parameters.get("action"), let control = WebControl(rawValue: name) else {
                return WebResponse.text("No such control.", status: .notFound)
            }
            for message in control.messages { app.bus.publish(message) }
            // A script's fetch wants no page back; a plain form (no script) goes back to the live page.
            if request.headers[CSRFCheck.headerName] != nil { return Response(status: .noContent) }
            return WebResponse.redirect(to: "/")
        }
    }
}
