import HTTPTypes
import HubCore
import Hummingbird

/// `/live/events`: one page's Server-Sent Events, from the feed, until the page goes or the hub stops.
enum LiveStream {
    /// How often a quiet stream gets a comment line: proxies close a connection idle for 30 to 60 seconds.
    static let pingEvery: Duration = .seconds(15)

    static func response(feed: LiveFeed) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "text/event-stream; charset=utf-8"
        headers[.cacheControl] = "no-store"
        // nginx, if one stands in front: pass each event on as it comes.
        headers[.xAccelBuffering] = "no"
        return Response(
            status: .ok, headers: headers,
            body: ResponseBody { writer in
                let (id, inbox, first) = feed.open()
                defer { feed.close(id) }
                try await writer.write(ByteBuffer(string: LiveEvent.retryText + first.map(\.wireText).joined()))
                try await withThrowingTaskGroup(of: Void.self) { group in
                    // Real time, not the hub's clock: a proxy's patience does not speed up with a simulation.
                    group.addTask {
                        while true {
                            try await Task.sleep(for: pingEvery)
                            inbox.post(.ping)
                        }
                    }
                    defer { group.cancelAll() }
                    stream: for await item in inbox {
                        switch item {
                        case .event(let event): try await writer.write(ByteBuffer(string: event.wireText))
                        case .ping: try await writer.write(ByteBuffer(string: LiveEvent.pingText))
                        case .close: break stream
                        }
                    }
                }
                try await writer.finish(nil)
            })
    }
}
