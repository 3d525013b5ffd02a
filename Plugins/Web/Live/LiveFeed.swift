import HubCore
import Synchronization

/// The live pages open now, and what a page that opens is told first: the latest event of each kind.
///
/// The plugin encodes each bus message once and hands it here; every open page has an inbox of its own, so a page
/// on a slow phone loses its oldest events without holding up the others or the bus.
final class LiveFeed: Sendable {
    /// What a page's stream is given.
    enum Item: Sendable {
        case event(LiveEvent)
        /// Time for a comment line (`: ping`), so that a proxy keeps a quiet stream open.
        case ping
        /// The hub is stopping: the stream ends, and the browser reconnects to the next hub.
        case close
    }

    private struct State {
        var latest: [String: LiveEvent] = [:]
        var pages: [UInt64: Inbox<Item>] = [:]
        var nextID: UInt64 = 0
        var closed = false
    }

    /// The kinds a page that opens is told, in this order.
    static let remembered = ["state", "progress", "goal", "step", "music", "person"]

    private let bus: MessageBus
    private let state = Mutex(State())

    init(bus: MessageBus) { self.bus = bus }

    /// Hands `event` to every open page, and remembers it for the pages that open later.
    func publish(_ event: LiveEvent) {
        let pages = state.withLock { state in
            if Self.remembered.contains(event.name) { state.latest[event.name] = event }
            if event.name == "program-finished" { state.latest["step"] = nil }
            return Array(state.pages.values)
        }
        for page in pages { page.post(.event(event)) }
    }

    /// A page's stream: its inbox, and what it is told first. Both in one step, so no event falls between them.
    func open() -> (id: UInt64, inbox: Inbox<Item>, first: [LiveEvent]) {
        // No routes: the feed posts to it. A page's events are small, and 64 are a minute of seconds and more.
        let inbox = bus.inbox(of: Item.self, subscriber: "web-live-page", capacity: 64) { _ in }
        return state.withLock { state in
            let id = state.nextID
            state.nextID += 1
            if state.closed {
                inbox.post(.close)
            } else {
                state.pages[id] = inbox
            }
            return (id, inbox, Self.remembered.compactMap { state.latest[$0] })
        }
    }

    /// The page went away.
    func close(_ id: UInt64) { _ = state.withLock { $0.pages.removeValue(forKey: id) } }

    /// Ends every page's stream, and any opened after: the server can then stop, having no response left open.
    func closeAll() {
        let pages = state.withLock { state in
            state.closed = true
            defer { state.pages.removeAll() }
            return Array(state.pages.values)
        }
        for page in pages { page.post(.close) }
    }

    var openPages: Int { state.withLock { $0.pages.count } }
}
