import Hummingbird

/// The app's two cookies, and how they are set: never readable by scripts, never sent by another site's request.
enum WebCookies {
    /// The session's key.
    static let session = "stayfit_session"
    /// The login form's token, matched with the form's `csrf` field.
    static let login = "stayfit_login"

    /// `Set-Cookie` for `name`; `Secure` under TLS. A nil value clears it.
    static func header(_ name: String, value: String?, path: String = "/", secure: Bool) -> String {
        var text = "\(name)=\(value ?? ""); Path=\(path); HttpOnly; SameSite=Strict"
        if value == nil { text += "; Max-Age=0" }
        if secure { text += "; Secure" }
        return text
    }

    /// The value of the cookie `name` in the request, when it has a token's shape.
    static func value(_ name: String, in request: Request) -> String? {
        guard let value = request.cookies[name]?.value, RandomToken.isWellFormed(value) else { return nil }
        return value
    }
}
