import HubCore
import HubTestKit
import Synchronization
import Testing

@testable import Web

/// A page that opens is told the latest of each kind, then every event; a page that cannot keep up, that goes, or
/// whose hub stops is ended, once.
@Suite struct LiveFeedTests {
    /// A page's connection that keeps what it is given, and takes nothing more once `full`.
    final class RecordingSink: LiveSink {
        private let state = Mutex((texts: [String](), full: false))
        var texts: [String] { state.withLock { $0.texts } }
        func fill() { state.withLock { $0.full = true } }
        func write(_ text: String) -> Bool {
            state.withLock { state in
                guard !state.full else { return false }
                state.texts.append(text)
                return true
            }
        }
    }

    /// Counts the calls of a page's `ended`.
    final class Ends: Sendable {
        private let count = Atomic(0)
        var value: Int { count.load(ordering: .relaxed) }
        func callback() -> @Sendable () -> Void { { self.count.add(1, ordering: .relaxed) } }
    }

    @Test func aPageThatOpensIsToldTheLatestOfEachKindThenWhatComes() {
        let feed = LiveFeed()
        feed.publish(LiveEvent(name: "progress", json: "{\"time\":\"0:01\"}"))
        feed.publish(LiveEvent(name: "progress", json: "{\"time\":\"0:02\"}"))
        feed.publish(LiveEvent(name: "state", json: "{\"state\":\"running\"}"))
        feed.publish(LiveEvent(name: "said", json: "{\"text\":\"Lap 1.\"}"))
        let sink = RecordingSink()
        _ = feed.open(sink) {}
        feed.publish(LiveEvent(name: "said", json: "{\"text\":\"Workout paused.\"}"))
        // In the page's order, state first; what was said is not repeated to a page that opens later. One write
        // for the start, then one per event.
        #expect(
            sink.texts == [
                "retry: 3000\n\nevent: state\ndata: {\"state\":\"running\"}\n\nevent: progress\ndata: {\"time\":\"0:02\"}\n\n",
                "event: said\ndata: {\"text\":\"Workout paused.\"}\n\n",
            ])
    }

    @Test func theProgramsEndEmptiesTheStepTile() {
        let feed = LiveFeed()
        feed.publish(LiveEvent(name: "step", json: "{}"))
        feed.publish(LiveEvent(name: "program-finished", json: "{}"))
        let sink = RecordingSink()
        _ = feed.open(sink) {}
        #expect(sink.texts == [LiveEvent.retryText])
    }

    @Test func closingAllEndsEveryStreamOnceAndAnyOpenedAfterAtOnce() {
        let feed = LiveFeed()
        let (before, after) = (Ends(), Ends())
        _ = feed.open(RecordingSink(), ended: before.callback())
        feed.closeAll()
        feed.closeAll()
        let late = RecordingSink()
        _ = feed.open(late, ended: after.callback())
        #expect(before.value == 1)
        #expect(after.value == 1)
        #expect(late.texts.isEmpty, "a page opened while the hub stops is written nothing")
        #expect(feed.openPages == 0)
    }

    @Test func aPageThatGoesIsEndedOnceAndNoLongerFed() {
        let feed = LiveFeed()
        let ends = Ends()
        let sink = RecordingSink()
        let id = feed.open(sink, ended: ends.callback())
        #expect(feed.openPages == 1)
        feed.close(id)
        feed.close(id)
        feed.publish(LiveEvent(name: "state", json: "{}"))
        feed.ping(id)
        #expect(feed.openPages == 0)
        #expect(ends.value == 1)
        #expect(sink.texts == [LiveEvent.retryText])
    }

    @Test func aPageThatCannotKeepUpIsEndedAndCountedWhileTheOthersGoOn() {
        let feed = LiveFeed()
        let (slow, fast) = (RecordingSink(), RecordingSink())
        let (slowEnds, fastEnds) = (Ends(), Ends())
        _ = feed.open(slow, ended: slowEnds.callback())
        let fastID = feed.open(fast, ended: fastEnds.callback())
        slow.fill()
        feed.publish(LiveEvent(name: "progress", json: "{\"time\":\"0:03\"}"))
        feed.ping(fastID)
        #expect(slowEnds.value == 1)
        #expect(fastEnds.value == 0)
        #expect(feed.pagesTooSlow == 1)
        #expect(feed.openPages == 1)
        #expect(fast.texts == [LiveEvent.retryText, "event: progress\ndata: {\"time\":\"0:03\"}\n\n", ": ping\n\n"])
    }

    @Test func aPageWhoseFirstWriteFailsIsEndedAtOnce() {
        let feed = LiveFeed()
        let sink = RecordingSink()
        sink.fill()
        let ends = Ends()
        _ = feed.open(sink, ended: ends.callback())
        #expect(ends.value == 1)
        #expect(feed.openPages == 0)
    }

    /// The relay writes inside `publish`: the page has the event when `publish` returns, with no task between.
    @Test func theBusMessagesReachTheOpenPageInsidePublish() {
        let bus = MessageBus()
        let feed = LiveFeed()
        let relay = LiveRelay(bus: bus, feed: feed)
        defer { relay.stop() }
        let sink = RecordingSink()
        _ = feed.open(sink) {}
        bus.publish(WorkoutStateChanged(workoutID: 7, state: .running, previous: .idle))
        #expect(sink.texts.last == "event: state\ndata: {\"state\":\"running\"}\n\n")
        bus.publish(Announcement("Lap 1."))
        #expect(sink.texts.last == "event: said\ndata: {\"text\":\"Lap 1.\"}\n\n")
        // Nothing waits in the relay's subscription: it delivers and leaves nothing behind.
        #expect(bus.droppedMessageCount == 0)
        relay.stop()
        bus.publish(Announcement("After the stop."))
        #expect(sink.texts.last == "event: said\ndata: {\"text\":\"Lap 1.\"}\n\n")
        #expect(!bus.hasSubscribers(of: Announcement.self))
    }
}
