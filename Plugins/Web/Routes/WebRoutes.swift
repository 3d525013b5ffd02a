import HubCore
import Hummingbird

/// Every route of the web app, behind the security headers and the session gate.
///
/// A page is one line in `addPages`:
///
/// ```swift
/// router.page("/stats") { request, context in StatsPage.render(query: request.uri.queryParameters, csrfToken: context.csrfToken) }
/// ```
enum WebRoutes {
    static func router(app: WebApp) -> Router<WebRequestContext> {
        let router = Router(context: WebRequestContext.self)
        router.add(middleware: SecurityHeaders())
        router.add(middleware: SessionGate(app: app))
        StaticFiles.add(to: router)
        LoginRoutes.add(to: router, app: app)
        LiveRoutes.add(to: router, app: app)
        addPages(to: router, app: app)
        return router
    }

    /// The app's other pages (history, statistics …): each a renderer returning a `WebPage`.
    private static func addPages(to router: Router<WebRequestContext>, app: WebApp) {
        HistoryRoutes.add(to: router, stores: app.stores)
        PeopleRoutes.add(to: router, stores: app.stores, bus: app.bus)
        ProgramRoutes.add(to: router, stores: app.stores, bus: app.bus)
        SettingsRoutes.add(to: router, stores: app.stores, bus: app.bus)
        ReminderRoutes.add(to: router, stores: app.stores, bus: app.bus)
        SensorRoutes.add(to: router, stores: app.stores, bus: app.bus)
    }
}

extension Router<WebRequestContext> {
    /// A page at `path`: what `render` returns, in the layout, never cached; only for a logged-in browser.
    ///
    /// - Parameter scripts: its scripts under `/static/`.
    @discardableResult
    func page(
        _ path: RouterPath, scripts: [String] = [],
        _ render: @escaping @Sendable (Request, WebRequestContext) async throws -> WebPage
    ) -> Self {
        get(path) { request, context in
            WebResponse.page(try await render(request, context), csrfToken: context.csrfToken, scripts: scripts)
        }
    }
}
