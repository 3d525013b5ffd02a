import HTTPTypes
import HubCore
import Hummingbird
import NIOCore
import Synchronization

/// `/live/events`: one page's Server-Sent Events, from the feed, until the page goes or the hub stops.
enum LiveStream {
    /// How often a quiet stream gets a comment line: proxies close a connection idle for 30 to 60 seconds.
    static let pingEvery: TimeAmount = .seconds(15)

    static func response(feed: LiveFeed, channel: any Channel) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "text/event-stream; charset=utf-8"
        headers[.cacheControl] = "no-store"
        // nginx, if one stands in front: pass each event on as it comes.
        headers[.xAccelBuffering] = "no"
        return Response(
            status: .ok, headers: headers,
            body: ResponseBody { writer in
                // The feed writes the events straight to the connection (``ChannelSink``); this task only waits
                // for the page to end, then ends the response.
                let page = OpenPage(feed: feed)
                await withTaskCancellationHandler {
                    await withCheckedContinuation { (ended: CheckedContinuation<Void, Never>) in
                        let id = feed.open(ChannelSink(channel: channel)) { ended.resume() }
                        // Real time, not the hub's clock: a proxy's patience does not speed up with a simulation.
                        // On the event loop, so that a quiet stream wakes no task.
                        let ping = channel.eventLoop.scheduleRepeatedTask(initialDelay: pingEvery, delay: pingEvery) {
                            _ in feed.ping(id)
                        }
                        page.opened(id, ping: ping)
                        channel.closeFuture.whenComplete { _ in feed.close(id) }
                    }
                } onCancel: {
                    page.cancel()
                }
                page.stopPinging()
                try await writer.finish(nil)
            })
    }

    /// The page's place in the feed and its ping, for a cancel that may come from another thread at any time.
    private final class OpenPage: Sendable {
        private struct State {
            var id: UInt64?
            var ping: RepeatedTask?
            var cancelled = false
        }
        private let feed: LiveFeed
        private let state = Mutex(State())

        init(feed: LiveFeed) { self.feed = feed }

        func opened(_ id: UInt64, ping: RepeatedTask) {
            let cancelled = state.withLock { state in
                state.id = id
                state.ping = ping
                return state.cancelled
            }
            if cancelled { feed.close(id) }
        }

        func cancel() {
            let id = state.withLock { state in
                state.cancelled = true
                return state.id
            }
            if let id { feed.close(id) }
        }

        func stopPinging() { state.withLock { $0.ping }?.cancel() }
    }
}
