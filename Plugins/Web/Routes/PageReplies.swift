import Hummingbird

/// How the pages' outcomes become responses: one place, so every page answers a redirect, a refusal, a missing thing
/// and a download alike.
enum PageReplies {
    /// A page that needs a store view the hub does not offer.
    static func unavailable(csrfToken: String) -> Response {
        WebResponse.page(
            WebPage(
                title: "Not available",
                body: "<h1>Not available</h1><p>This page needs the hub's storage, which this hub does not offer. "
                    + "Its log says why.</p>"),
            csrfToken: csrfToken, status: .serviceUnavailable)
    }

    static func notFound(csrfToken: String) -> Response {
        WebResponse.page(
            WebPage(title: "Not found", body: "<h1>Not found</h1><p>There is nothing here. <a href=\"/\">Back</a></p>"),
            csrfToken: csrfToken, status: .notFound)
    }

    /// A page, or 404 for nil.
    static func page(_ page: WebPage?, csrfToken: String) -> Response {
        guard let page else { return notFound(csrfToken: csrfToken) }
        return WebResponse.page(page, csrfToken: csrfToken)
    }

    static func reply(_ outcome: FormOutcome, csrfToken: String) -> Response {
        switch outcome {
        case .redirect(let location): WebResponse.redirect(to: location)
        case .invalid(let page): WebResponse.page(page, csrfToken: csrfToken, status: .unprocessableContent)
        case .notFound: notFound(csrfToken: csrfToken)
        }
    }

    static func reply(_ outcome: ProgramOutcome, csrfToken: String) -> Response {
        switch outcome {
        case .redirect(let location): WebResponse.redirect(to: location)
        case .invalid(let page): WebResponse.page(page, csrfToken: csrfToken, status: .unprocessableContent)
        case .refused(let page): WebResponse.page(page, csrfToken: csrfToken, status: .conflict)
        case .notFound: notFound(csrfToken: csrfToken)
        }
    }

    /// A file to save, never shown inline: its name is the hub's own (letters, digits, `-` and `.`), never the request's.
    static func download(fileName: String, contentType: String, bytes: [UInt8]) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = contentType
        headers[.contentDisposition] = "attachment; filename=\"\(fileName)\""
        headers[.cacheControl] = "no-store"
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    /// A picture the hub drew, for an `<img>` of its own pages.
    static func svg(_ text: String?, csrfToken: String) -> Response {
        guard let text else { return notFound(csrfToken: csrfToken) }
        var headers = HTTPFields()
        headers[.contentType] = "image/svg+xml; charset=utf-8"
        headers[.cacheControl] = "no-store"
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }

    /// `7.gpx` → ("7", "gpx"); `7` → ("7", nil).
    static func split(_ component: String) -> (name: String, extension: String?) {
        guard let dot = component.lastIndex(of: ".") else { return (component, nil) }
        return (String(component[..<dot]), String(component[component.index(after: dot)...]))
    }

    /// The query's parameters as the pages take them: a name given twice keeps its last value.
    static func query(_ request: Request) -> [String: String] {
        Dictionary(
            request.uri.queryParameters.map { (String($0.key), String($0.value)) }, uniquingKeysWith: { $1 })
    }
}
