import HubCore
import Synchronization

/// The live pages open now, and what a page that opens is told first: the latest event of each kind.
///
/// Events come from the bus's `publish` (``LiveRelay``) and are written to each page's connection there, under one
/// lock, so a page gets them in the order they were published and nothing between its first events and the next.
/// A page whose connection is backed up (a phone that stopped reading) is ended rather than buffered for: its
/// browser reconnects and is told the latest of each kind again.
final class LiveFeed: Sendable {
    private struct Page {
        let sink: any LiveSink
        /// Resumes the stream's response, which then ends; called once, by whoever removes the page.
        let ended: @Sendable () -> Void
    }

    private struct State {
        var latest: [String: LiveEvent] = [:]
        var pages: [UInt64: Page] = [:]
        var nextID: UInt64 = 0
        var closed = false
        /// Pages ended because they could not keep up.
        var pagesTooSlow = 0
    }

    /// The kinds a page that opens is told, in this order.
    static let remembered = ["state", "progress", "goal", "step", "music", "person"]

    private let state = Mutex(State())

    /// Writes `event` to every open page, and remembers it for the pages that open later.
    func publish(_ event: LiveEvent) {
        let text = event.wireText
        let tooSlow = state.withLock { state -> [Page] in
            if Self.remembered.contains(event.name) { state.latest[event.name] = event }
            if event.name == "program-finished" { state.latest["step"] = nil }
            var tooSlow: [Page] = []
            for (id, page) in state.pages where !page.sink.write(text) {
                state.pages[id] = nil
                tooSlow.append(page)
            }
            state.pagesTooSlow += tooSlow.count
            return tooSlow
        }
        for page in tooSlow { page.ended() }
    }

    /// Writes a comment line to page `id` (``LiveEvent/pingText``), so that a proxy keeps a quiet stream open.
    func ping(_ id: UInt64) {
        let gone = state.withLock { state -> Page? in
            guard let page = state.pages[id], !page.sink.write(LiveEvent.pingText) else { return nil }
            state.pages[id] = nil
            return page
        }
        gone?.ended()
    }

    /// A page's stream: writes `retry` and the latest of each kind to `sink` and adds it, in one step, so no event
    /// falls between them. `ended` is called once when the page is removed (``close(_:)``, ``closeAll()``, a page
    /// too slow), at once when the hub is already stopping.
    func open(_ sink: any LiveSink, ended: @escaping @Sendable () -> Void) -> UInt64 {
        let (id, added) = state.withLock { state -> (UInt64, Bool) in
            let id = state.nextID
            state.nextID += 1
            guard !state.closed else { return (id, false) }
            let first = Self.remembered.compactMap { state.latest[$0]?.wireText }.joined()
            guard sink.write(LiveEvent.retryText + first) else { return (id, false) }
            state.pages[id] = Page(sink: sink, ended: ended)
            return (id, true)
        }
        if !added { ended() }
        return id
    }

    /// The page went away (its connection closed, or its response was cancelled).
    func close(_ id: UInt64) {
        state.withLock { $0.pages.removeValue(forKey: id) }?.ended()
    }

    /// Ends every page's stream, and any opened after: the server can then stop, having no response left open.
    func closeAll() {
        let pages = state.withLock { state in
            state.closed = true
            defer { state.pages.removeAll() }
            return Array(state.pages.values)
        }
        for page in pages { page.ended() }
    }

    var openPages: Int { state.withLock { $0.pages.count } }
    var pagesTooSlow: Int { state.withLock { $0.pagesTooSlow } }
}
