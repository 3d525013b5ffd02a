import Hummingbird

/// The responses the app makes: a page in its layout, a redirect, a short plain text.
enum WebResponse {
    static func page(
        _ page: WebPage, csrfToken: String?, scripts: [String] = [], status: HTTPResponse.Status = .ok,
        headers extra: HTTPFields = [:]
    ) -> Response {
        var headers = extra
        headers[.contentType] = "text/html; charset=utf-8"
        headers[.cacheControl] = "no-store"
        let html = PageLayout.document(page, csrfToken: csrfToken, scripts: scripts)
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: html)))
    }

    /// 303 See Other: after a form, the browser GETs `location`.
    static func redirect(to location: String, headers extra: HTTPFields = [:]) -> Response {
        var headers = extra
        headers[.location] = location
        headers[.cacheControl] = "no-store"
        return Response(status: .seeOther, headers: headers)
    }

    /// A sentence for a request that is not a page (a script's fetch, the event stream).
    static func text(_ text: String, status: HTTPResponse.Status, headers extra: HTTPFields = [:]) -> Response {
        var headers = extra
        headers[.contentType] = "text/plain; charset=utf-8"
        headers[.cacheControl] = "no-store"
        return Response(
            status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: text + "\n")))
    }
}
