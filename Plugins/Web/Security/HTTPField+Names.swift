import HTTPTypes

extension HTTPField.Name {
    static let csrfToken = known("X-CSRF-Token")
    static let xFrameOptions = known("X-Frame-Options")
    static let xContentTypeOptions = known("X-Content-Type-Options")
    static let referrerPolicy = known("Referrer-Policy")
    static let xAccelBuffering = known("X-Accel-Buffering")

    /// A header name spelled in this code: one that is no valid name is a programmer's mistake.
    private static func known(_ name: String) -> HTTPField.Name {
        guard let field = HTTPField.Name(name) else { preconditionFailure("not a header name: \(name)") }
        return field
    }
}
