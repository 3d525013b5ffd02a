import HTTPTypes
import Hummingbird

/// The headers every response carries, errors too, and the first refusal of a body too large to read.
///
/// The policy allows only the hub's own scripts, styles and pictures (no inline script or style), no framing, no
/// form posting elsewhere and no referrer; browsers then refuse what an injected tag or another site would try.
struct SecurityHeaders: RouterMiddleware {
    typealias Context = WebRequestContext

    static let fields: [(HTTPField.Name, String)] = [
        (.contentSecurityPolicy, "default-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"),
        (.xFrameOptions, "DENY"),
        (.xContentTypeOptions, "nosniff"),
        (.referrerPolicy, "no-referrer"),
    ]

    func handle(
        _ request: Request, context: WebRequestContext,
        next: (Request, WebRequestContext) async throws -> Response
    ) async throws -> Response {
        var response: Response
        if let length = request.headers[.contentLength].flatMap({ Int($0) }), length > WebLimits.uploadBytes {
            // Said before a byte of it is read.
            response = WebResponse.text("That is more than the hub takes (5 MB at most).", status: .contentTooLarge)
        } else {
            do {
                response = try await next(request, context)
            } catch let error as any HTTPResponseError {
                // A router's 404, a body over its cap (413): the same headers as any other answer.
                response = try error.response(from: request, context: context)
            }
        }
        for (name, value) in Self.fields { response.headers[name] = value }
        if response.headers[.cacheControl] == nil { response.headers[.cacheControl] = "no-store" }
        return response
    }
}
