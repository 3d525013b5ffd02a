import HubCore
import HubTestKit
import Testing

@testable import Web

/// A page that opens is told the latest of each kind, then every event; the hub's stop ends every stream.
@Suite struct LiveFeedTests {
    @Test func aPageThatOpensIsToldTheLatestOfEachKindThenWhatComes() async throws {
        let feed = LiveFeed(bus: MessageBus())
        feed.publish(LiveEvent(name: "progress", json: "{\"time\":\"0:01\"}"))
        feed.publish(LiveEvent(name: "progress", json: "{\"time\":\"0:02\"}"))
        feed.publish(LiveEvent(name: "state", json: "{\"state\":\"running\"}"))
        feed.publish(LiveEvent(name: "said", json: "{\"text\":\"Lap 1.\"}"))
        let (_, inbox, first) = feed.open()
        // In the page's order, state first; what was said is not repeated to a page that opens later.
        #expect(first.map(\.json) == ["{\"state\":\"running\"}", "{\"time\":\"0:02\"}"])
        feed.publish(LiveEvent(name: "said", json: "{\"text\":\"Workout paused.\"}"))
        guard case .event(let event) = try await inbox.next() else { Issue.record("no event"); return }
        #expect(event.json == "{\"text\":\"Workout paused.\"}")
    }

    @Test func theProgramsEndEmptiesTheStepTile() {
        let feed = LiveFeed(bus: MessageBus())
        feed.publish(LiveEvent(name: "step", json: "{}"))
        feed.publish(LiveEvent(name: "program-finished", json: "{}"))
        #expect(feed.open().first.isEmpty)
    }

    @Test func closingAllEndsEveryStreamAndAnyOpenedAfter() async throws {
        let feed = LiveFeed(bus: MessageBus())
        let (_, before, _) = feed.open()
        feed.closeAll()
        let (_, after, _) = feed.open()
        for inbox in [before, after] {
            guard case .close = try await inbox.next() else {
                Issue.record("the stream was not closed")
                return
            }
        }
        #expect(feed.openPages == 0)
    }

    @Test func aPageThatGoesIsNoLongerFed() {
        let feed = LiveFeed(bus: MessageBus())
        let (id, _, _) = feed.open()
        #expect(feed.openPages == 1)
        feed.close(id)
        #expect(feed.openPages == 0)
    }
}
