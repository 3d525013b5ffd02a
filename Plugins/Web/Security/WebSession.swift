/// One browser logged in: its key (the cookie), the token its forms carry, and what it was made under.
struct WebSession: Sendable, Equatable {
    /// The cookie's value.
    var key: String
    /// Carried by every POST (the form field `csrf` or the header `X-CSRF-Token`).
    var csrfToken: String
    /// The password's hash when the session was made: after a change, the session no longer matches it.
    var passwordHash: String
    /// When the browser last asked for anything.
    var lastSeen: ContinuousClock.Instant
}
