import Hummingbird

/// Lets a request through to its route only with a live session, and a state-changing one only with its token.
///
/// Open to everyone: `/static/…` (styles and scripts) and `/login`. Without a password set, every page says how
/// to set one and nothing else is served. Without a session, a page redirects to the login, and the event stream
/// and every POST get 401; a POST without its session's CSRF token gets 403.
struct SessionGate: RouterMiddleware {
    typealias Context = WebRequestContext
    let app: WebApp

    func handle(
        _ request: Request, context: WebRequestContext,
        next: (Request, WebRequestContext) async throws -> Response
    ) async throws -> Response {
        let path = request.uri.path
        if path.hasPrefix("/static/") { return try await next(request, context) }
        let readsOnly = request.method == .get || request.method == .head
        let hash: String?
        do {
            hash = try await app.passwords.webPasswordHash()
        } catch {
            app.logger.error("cannot read the web password", metadata: ["error": "\(error)"])
            return WebResponse.text("The hub cannot read its storage; its log says why.", status: .serviceUnavailable)
        }
        guard let hash else {
            guard readsOnly else { return WebResponse.text("Set a password first.", status: .forbidden) }
            return WebResponse.page(NoPasswordPage.render(), csrfToken: nil, status: .serviceUnavailable)
        }
        if path == "/login" { return try await next(request, context) }
        guard
            let key = WebCookies.value(WebCookies.session, in: request),
            let session = app.sessions.session(key: key, currentHash: hash, now: app.now())
        else {
            if readsOnly, path != "/live/events" { return WebResponse.redirect(to: "/login") }
            return WebResponse.text("Log in first.", status: .unauthorized)
        }
        var request = request
        if !readsOnly {
            guard try await CSRFCheck.passes(&request, token: session.csrfToken) else {
                return WebResponse.text("This form is out of date: reload the page and try again.", status: .forbidden)
            }
        }
        var context = context
        context.session = session
        return try await next(request, context)
    }
}
