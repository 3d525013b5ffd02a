import NIOCore
import NIOHTTPTypes
import Synchronization

/// Where a live page's events are written: its connection.
///
/// A write never blocks and never waits: the feed calls it inside the bus's `publish`.
protocol LiveSink: Sendable {
    /// Writes `text`; false when the page cannot take it (its connection is backed up or gone): the feed then
    /// ends the page, which reconnects and is told the latest of everything.
    func write(_ text: String) -> Bool
}

/// A live page's HTTP connection, written straight from the thread that publishes on the bus.
///
/// A write queues the text to the channel's event loop, so a second's event wakes only that thread. Going through
/// Hummingbird's response writer instead needs a Swift task to await each write: two task-pool wake-ups per event
/// before the event loop's (issue 22's CPU target, `Benchmarks/web-live`). Texts written before the loop has run
/// go out together in one write: a workout's second publishes its progress, goal and status parts at once.
///
/// Every write lands between the response's head and its end: the head went out before the stream's body closure
/// runs, the feed writes only while the page is open, and the stream writes the end through Hummingbird's writer
/// only once the feed has removed the page. NIO runs the queued work in the order it was queued.
final class ChannelSink: LiveSink {
    private let channel: any Channel
    /// What waits for the event loop; nil when nothing does (no flush queued).
    private let pending = Mutex<String?>(nil)

    init(channel: any Channel) { self.channel = channel }

    func write(_ text: String) -> Bool {
        // Not writable: more than NIO's high-water mark (64 KiB) waits for a page that does not read.
        guard channel.isActive, channel.isWritable else { return false }
        let first = pending.withLock { pending in
            guard let waiting = pending else {
                pending = text
                return true
            }
            pending = waiting + text
            return false
        }
        // Always queued, never run here, even on the event loop (a ping): the feed calls this under its lock, and a
        // write that fails closes the channel, whose close handler takes that lock again.
        if first { channel.eventLoop.execute { self.flush() } }
        return true
    }

    private func flush() {
        guard let text = pending.withLock({ $0.take() }) else { return }
        channel.writeAndFlush(HTTPResponsePart.body(ByteBuffer(string: text)), promise: nil)
    }
}
