import HubCore
import Logging

/// What every route of the web app shares: the password's store, who is logged in, the login limiter, the live
/// feed and the bus.
struct WebApp: Sendable {
    let passwords: any WebPasswordStore
    let sessions: SessionBook
    let limiter: LoginLimiter
    let feed: LiveFeed
    let bus: MessageBus
    /// The plugin's context: a page reads the store through it (`try app.hub.store((any WorkoutLog).self)`).
    let hub: PluginContext
    /// The store's views the pages read and change, found once from `hub`.
    let stores: WebStores
    /// Never given a password, a token or a cookie.
    let logger: Logger
    /// Whether the hub is served over TLS: the session cookie is then marked `Secure`.
    let secure: Bool
    /// Monotonic time for idle sessions and login waits (a test's own instants in the unit tests).
    let now: @Sendable () -> ContinuousClock.Instant

    init(
        passwords: any WebPasswordStore, sessionIdle: Duration, hub: PluginContext, feed: LiveFeed = LiveFeed(),
        secure: Bool = false, limiter: LoginLimiter = LoginLimiter(),
        now: @escaping @Sendable () -> ContinuousClock.Instant = { .now }
    ) {
        self.passwords = passwords
        self.sessions = SessionBook(idleLimit: sessionIdle)
        self.limiter = limiter
        self.feed = feed
        self.bus = hub.bus
        self.hub = hub
        self.logger = hub.logger
        self.stores = WebStores(context: hub)
        self.secure = secure
        self.now = now
    }
}
