import Crypt
import HTTPTypes
import HubCore
import Hummingbird

/// `/login` and `POST /logout`.
enum LoginRoutes {
    static func add(to router: Router<WebRequestContext>, app: WebApp) {
        router.get("/login") { request, _ in
            if let key = WebCookies.value(WebCookies.session, in: request),
                let hash = try await app.passwords.webPasswordHash(),
                app.sessions.session(key: key, currentHash: hash, now: app.now()) != nil
            {
                return WebResponse.redirect(to: "/")
            }
            return form(request, app: app)
        }
        router.post("/login") { request, context in
            try await logIn(request, context: context, app: app)
        }
        router.post("/logout") { _, context in
            if let key = context.session?.key { app.sessions.close(key: key) }
            var headers = HTTPFields()
            headers[.setCookie] = WebCookies.header(WebCookies.session, value: nil, secure: app.secure)
            return WebResponse.redirect(to: "/login", headers: headers)
        }
    }

    /// The form, with a token in it and in a cookie: a login posted from another site carries neither.
    ///
    /// The browser's token is kept while it has one: a second request for the form (the favicon, sent to the login
    /// too, or another tab) must not put a new one in the cookie under the form already shown.
    private static func form(
        _ request: Request, app: WebApp, problem: String? = nil, status: HTTPResponse.Status = .ok,
        headers extra: HTTPFields = [:]
    ) -> Response {
        let token = WebCookies.value(WebCookies.login, in: request) ?? RandomToken.make()
        var headers = extra
        headers.append(
            HTTPField(
                name: .setCookie,
                value: WebCookies.header(WebCookies.login, value: token, path: "/login", secure: app.secure)))
        return WebResponse.page(
            LoginPage.render(loginToken: token, problem: problem), csrfToken: nil, status: status, headers: headers)
    }

    private static func logIn(_ request: Request, context: WebRequestContext, app: WebApp) async throws -> Response {
        var request = request
        let fields = try await FormFields.read(&request)
        guard let sent = fields["csrf"], let expected = WebCookies.value(WebCookies.login, in: request),
            ConstantTime.equal(sent, expected)
        else {
            return form(request, app: app, problem: "That form had expired. Try again.", status: .forbidden)
        }
        let client = context.clientAddress
        // Refused before the password is looked at: a right one among many wrong ones waits like the rest.
        if let wait = app.limiter.wait(for: client, now: app.now()) {
            return tooMany(request, wait: wait, app: app)
        }
        guard let hash = try await app.passwords.webPasswordHash() else { return WebResponse.redirect(to: "/login") }
        guard let password = fields["password"], await PasswordHash.matches(password, hash) else {
            app.logger.notice("wrong web password", metadata: ["client": "\(client)"])
            if let wait = app.limiter.failed(client, now: app.now()) {
                return tooMany(request, wait: wait, app: app)
            }
            return form(request, app: app, problem: "Wrong password.", status: .unauthorized)
        }
        app.limiter.succeeded(client)
        let session = app.sessions.open(passwordHash: hash, now: app.now())
        app.logger.info("logged in to the web app", metadata: ["client": "\(client)"])
        var headers = HTTPFields()
        headers.append(
            HTTPField(
                name: .setCookie, value: WebCookies.header(WebCookies.session, value: session.key, secure: app.secure)))
        headers.append(
            HTTPField(
                name: .setCookie,
                value: WebCookies.header(WebCookies.login, value: nil, path: "/login", secure: app.secure)))
        return WebResponse.redirect(to: "/", headers: headers)
    }

    private static func tooMany(_ request: Request, wait: Duration, app: WebApp) -> Response {
        let seconds = max(1, Int(wait.components.seconds) + (wait.components.attoseconds > 0 ? 1 : 0))
        var headers = HTTPFields()
        headers[.retryAfter] = String(seconds)
        return form(
            request, app: app,
            problem: "Too many wrong passwords. Wait \(Format.counted(seconds, "second")) and try again.",
            status: .tooManyRequests, headers: headers)
    }
}
