import Hummingbird

/// What a page's work gives back (a page, a form's outcome, a file …), made into its response in one place.
protocol PageAnswer {
    func response(csrfToken: String) -> Response
}

extension WebPage: PageAnswer {
    func response(csrfToken: String) -> Response { WebResponse.page(self, csrfToken: csrfToken) }
}

/// A page, or 404 for nil (an id that names nothing).
extension Optional: PageAnswer where Wrapped == WebPage {
    func response(csrfToken: String) -> Response { PageReplies.page(self, csrfToken: csrfToken) }
}

extension FormOutcome: PageAnswer {
    func response(csrfToken: String) -> Response { PageReplies.reply(self, csrfToken: csrfToken) }
}

extension ProgramOutcome: PageAnswer {
    func response(csrfToken: String) -> Response { PageReplies.reply(self, csrfToken: csrfToken) }
}

/// A response made by the route itself: a download, a picture.
extension Response: PageAnswer {
    func response(csrfToken: String) -> Response { self }
}

/// One request to a page, with the store view the page needs.
struct PageRequest<View: Sendable> {
    let view: View
    let request: Request
    let context: WebRequestContext

    var csrfToken: String { context.csrfToken }
    /// The path's `{id}`, or "" (which names nothing).
    var id: String { context.parameters.get("id") ?? "" }
    /// The query's parameters; a name given twice keeps its last value.
    var query: [String: String] { PageReplies.query(request) }
}

extension Router<WebRequestContext> {
    /// GET `path`, answered with the store view `view`; a hub whose storage lacks it answers "Not available".
    ///
    /// ```swift
    /// router.get("/weight", needing: stores.diary) { try await WeightPage.render(diary: $0.view, csrfToken: $0.csrfToken) }
    /// ```
    @discardableResult
    func get<View: Sendable, Answer: PageAnswer>(
        _ path: RouterPath, needing view: View?,
        _ answer: @escaping @Sendable (PageRequest<View>) async throws -> Answer
    ) -> Self {
        get(path, use: Self.handler(needing: view) { page, _ in try await answer(page) })
    }

    /// POST `path` without a form of its own (a button: the token is all it carries), as `get(_:needing:_:)`.
    @discardableResult
    func post<View: Sendable, Answer: PageAnswer>(
        _ path: RouterPath, needing view: View?,
        _ answer: @escaping @Sendable (PageRequest<View>) async throws -> Answer
    ) -> Self {
        post(path, use: Self.handler(needing: view) { page, _ in try await answer(page) })
    }

    /// POST `path` with a form: its fields read (within `WebLimits`) and handed to `answer` with the view.
    @discardableResult
    func postForm<View: Sendable, Answer: PageAnswer>(
        _ path: RouterPath, needing view: View?,
        _ answer: @escaping @Sendable (PageRequest<View>, [String: String]) async throws -> Answer
    ) -> Self {
        post(
            path,
            use: Self.handler(needing: view) { page, request in
                try await answer(page, try await FormFields.read(&request).values)
            })
    }

    /// The route's handler: "Not available" without the view, else the answer made into its response.
    private static func handler<View: Sendable, Answer: PageAnswer>(
        needing view: View?,
        _ answer: @escaping @Sendable (PageRequest<View>, inout Request) async throws -> Answer
    ) -> @Sendable (Request, WebRequestContext) async throws -> Response {
        { request, context in
            guard let view else { return PageReplies.unavailable(csrfToken: context.csrfToken) }
            var request = request
            let page = PageRequest(view: view, request: request, context: context)
            return try await answer(page, &request).response(csrfToken: context.csrfToken)
        }
    }
}
