import HTTPTypes
import Hummingbird

/// Whether a state-changing request carries its session's CSRF token: in the header `X-CSRF-Token` (a script's
/// fetch) or in the form field `csrf` (a plain form). Another site can make a browser send a form, never read the
/// token the hub's own pages carry.
enum CSRFCheck {
    static let headerName = HTTPField.Name.csrfToken

    /// Reads the form when the token is not in the header, at most what its path may hold
    /// (`WebLimits.formBytes(forPath:)`, 413 beyond), and leaves it in `request` for the route.
    static func passes(_ request: inout Request, token: String) async throws -> Bool {
        if let sent = request.headers[headerName] { return ConstantTime.equal(sent, token) }
        guard request.headers[.contentType]?.hasPrefix("application/x-www-form-urlencoded") == true else {
            return false
        }
        guard let sent = try await FormFields.read(&request)["csrf"] else { return false }
        return ConstantTime.equal(sent, token)
    }
}
