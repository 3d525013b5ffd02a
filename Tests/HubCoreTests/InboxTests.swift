import BlueZTestKit
import Foundation
import HubCore
import HubTestKit
import Testing

private struct Ping: BusMessage, Equatable { var number: Int }
private struct Pong: BusMessage, Equatable { var number: Int }
private struct Tagged: BusMessage, Equatable {
    var thread: Int
    var index: Int
}

/// What a test subscriber makes of the messages: one event type for all of them, plus its own marker.
private enum Event: Sendable, Equatable {
    case ping(Int)
    case pong(Int)
    case tagged(thread: Int, index: Int)
    case marker
}

@Suite struct InboxTests {
    private func pingsAndPongs(_ bus: MessageBus, capacity: Int? = nil) -> Inbox<Event> {
        bus.inbox(of: Event.self, subscriber: "test", capacity: capacity) {
            $0.route(Ping.self) { .ping($0.number) }
            $0.route(Pong.self) { .pong($0.number) }
        }
    }

    /// The next `count` events; the generous deadline only ends a test that would hang, saying what it waited for.
    private func take(_ count: Int, from inbox: Inbox<Event>, within timeout: Duration = TestDeadline.hang) async throws
        -> [Event]
    {
        try await withThrowingTaskGroup(of: [Event]?.self) { group in
            group.addTask {
                var events: [Event] = []
                for await event in inbox {
                    events.append(event)
                    if events.count == count { break }
                }
                return events
            }
            group.addTask {
                try await Task.sleep(for: timeout)
                return nil
            }
            defer { group.cancelAll() }
            return try #require(try await group.next() ?? nil, "fewer than \(count) events within \(timeout)")
        }
    }

    @Test func messagesOfSeveralTypesArriveInTheOrderTheyWerePublished() async throws {
        let bus = MessageBus()
        let inbox = pingsAndPongs(bus)

        bus.publish(Ping(number: 1))
        bus.publish(Pong(number: 2))
        bus.publish(Pong(number: 3))
        bus.publish(Ping(number: 4))

        #expect(try await take(4, from: inbox) == [.ping(1), .pong(2), .pong(3), .ping(4)])
    }

    @Test func anEventPostedByTheOwnerComesAfterEverythingPublishedBeforeIt() async throws {
        let threads = 4, perThread = 500
        let bus = MessageBus()
        let inbox = bus.inbox(of: Event.self, subscriber: "test", capacity: threads * perThread + 10) {
            $0.route(Tagged.self) { .tagged(thread: $0.thread, index: $0.index) }
        }

        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for index in 0..<perThread { bus.publish(Tagged(thread: thread, index: index)) }
        }
        inbox.post(.marker)
        bus.publish(Tagged(thread: 99, index: 0))

        let events = try await take(threads * perThread + 2, from: inbox)
        let marker = try #require(events.firstIndex(of: .marker))
        #expect(marker == threads * perThread, "every message published before the marker is ahead of it")
        #expect(events.last == .tagged(thread: 99, index: 0))
        // Each thread's messages are complete and in the order that thread published them.
        for thread in 0..<threads {
            let indices = events.compactMap { event -> Int? in
                guard case .tagged(thread, let index) = event else { return nil }
                return index
            }
            #expect(indices == Array(0..<perThread))
        }
    }

    @Test func eachRouteIsASubscriptionOfItsOwnInTheStatistics() async throws {
        let bus = MessageBus()
        let inbox = pingsAndPongs(bus)

        bus.publish(Ping(number: 1))
        bus.publish(Pong(number: 2))
        bus.publish(Pong(number: 3))
        _ = try await take(3, from: inbox)

        let statistics = bus.statistics()
        #expect(statistics.map(\.subscriber) == ["test", "test"])
        #expect(statistics.map(\.messageType) == ["Ping", "Pong"])
        #expect(statistics.map(\.delivered) == [1, 2])
        #expect(statistics.map(\.dropped) == [0, 0])
    }

    @Test func whenTheBufferIsFullTheOldestEventIsDroppedAndCountedAgainstItsOwnRoute() async throws {
        let bus = MessageBus()
        let inbox = pingsAndPongs(bus, capacity: 3)

        // Room for three: Pong(3) pushes out Ping(0), Pong(4) pushes out Pong(1).
        bus.publish(Ping(number: 0))
        bus.publish(Pong(number: 1))
        bus.publish(Ping(number: 2))
        bus.publish(Pong(number: 3))
        bus.publish(Pong(number: 4))

        let statistics = bus.statistics()
        #expect(statistics.map(\.messageType) == ["Ping", "Pong"])
        #expect(statistics.map(\.delivered) == [2, 3])
        #expect(statistics.map(\.dropped) == [1, 1])
        #expect(bus.droppedMessageCount == 2)

        // The owner's own event takes a place too: it pushes out Ping(2), which its route counts.
        inbox.post(.marker)
        #expect(bus.statistics().map(\.dropped) == [2, 1])
        #expect(try await take(3, from: inbox) == [.pong(3), .pong(4), .marker])
    }

    @Test func aRouteThatReturnsNilLeavesTheMessageOut() async throws {
        let bus = MessageBus()
        let inbox = bus.inbox(of: Event.self, subscriber: "even") {
            $0.route(Ping.self) { $0.number.isMultiple(of: 2) ? .ping($0.number) : nil }
        }

        for number in 1...5 { bus.publish(Ping(number: number)) }
        inbox.post(.marker)

        #expect(try await take(3, from: inbox) == [.ping(2), .ping(4), .marker])
        #expect(bus.statistics().map(\.delivered) == [2])
    }

    @Test func everyRouteEndsWhenTheConsumingTaskIsCancelled() async throws {
        let bus = MessageBus()
        let inbox = pingsAndPongs(bus)
        #expect(bus.statistics().count == 2)

        await withTaskGroup(of: Void.self) { group in
            group.addTask { for await _ in inbox {} }
            group.cancelAll()
        }

        #expect(bus.statistics().isEmpty)
        bus.publish(Ping(number: 1))
        #expect(bus.droppedMessageCount == 0)
    }

    @Test func everyRouteEndsWhenTheInboxIsReleased() {
        let bus = MessageBus()
        let kept = bus.inbox(of: Ping.self, subscriber: "kept")
        do {
            let inbox = pingsAndPongs(bus)
            #expect(bus.statistics().map(\.subscriber) == ["kept", "test", "test"])
            withExtendedLifetime(inbox) {}
        }

        bus.publish(Pong(number: 1))

        #expect(bus.statistics().map(\.subscriber) == ["kept"])
        withExtendedLifetime(kept) {}
    }

    @Test func finishEndsTheStreamAfterTheEventsAlreadyInIt() async throws {
        let bus = MessageBus()
        let inbox = pingsAndPongs(bus)

        bus.publish(Ping(number: 1))
        inbox.post(.marker)
        inbox.finish()
        bus.publish(Pong(number: 2))

        var events: [Event] = []
        for await event in inbox { events.append(event) }
        #expect(events == [.ping(1), .marker])
    }
    // MARK: - Messages that wait for the next event that wakes the owner

    @Test func eventsThatWaitAreHandedOverInOrderJustBeforeTheNextEventThatWakes() async throws {
        let bus = MessageBus()
        let inbox = bus.inbox(of: Event.self, subscriber: "test") {
            $0.route(Ping.self, delivery: { .withNext(.ping($0.number)) })
            $0.route(Pong.self) { .pong($0.number) }
        }

        bus.publish(Ping(number: 1))
        bus.publish(Ping(number: 2))
        bus.publish(Pong(number: 3))
        bus.publish(Ping(number: 4))
        inbox.post(.marker)

        #expect(try await take(5, from: inbox) == [.ping(1), .ping(2), .pong(3), .ping(4), .marker])
        #expect(bus.statistics().map(\.delivered) == [3, 1])
    }

    /// Whether an event wakes the owner, seen from the owner itself: a consumer that says each time it is about to
    /// wait, and is then cancelled. Cancelled while it waits, it gets nothing more (the inbox ends and lets go of
    /// what waits in it); had an event woken it, that event would have been handed to it the moment it was
    /// published, as `Pong(0)` is here.
    @Test func aWaitingEventDoesNotWakeTheOwnerBeforeOrAfterAWakingOne() async throws {
        let bus = MessageBus()
        let inbox = bus.inbox(of: Event.self, subscriber: "test") {
            $0.route(Ping.self, delivery: { .withNext(.ping($0.number)) })
            $0.route(Pong.self) { .pong($0.number) }
        }
        let (aboutToWait, waits) = AsyncStream.makeStream(of: [Event].self)
        let consumer = Task {
            var received: [Event] = []
            var iterator = inbox.makeAsyncIterator()
            while true {
                waits.yield(received)
                guard let event = await iterator.next() else { return received }
                received.append(event)
            }
        }
        defer { consumer.cancel() }

        #expect(try await aboutToWait.next(within: TestDeadline.hang) == [])
        bus.publish(Ping(number: 1))
        bus.publish(Pong(number: 0))  // wakes the owner, with ping 1 first
        #expect(try await aboutToWait.next(within: TestDeadline.hang) == [.ping(1)])
        #expect(try await aboutToWait.next(within: TestDeadline.hang) == [.ping(1), .pong(0)])
        bus.publish(Ping(number: 2))
        bus.publish(Ping(number: 3))
        consumer.cancel()
        let received = try await withThrowingTaskGroup(of: [Event]?.self) { group in
            group.addTask { await consumer.value }
            group.addTask {
                try await Task.sleep(for: .seconds(60))
                return nil
            }
            defer { group.cancelAll() }
            return try #require(try await group.next() ?? nil, "the cancelled consumer did not end within 60 s")
        }
        #expect(received == [.ping(1), .pong(0)], "a waiting ping woke the owner")
    }

    @Test func aLatestEventReplacesOnlyItsOwnRoutesWaitingOne() async throws {
        let bus = MessageBus()
        let inbox = bus.inbox(of: Event.self, subscriber: "test", capacity: 5) {
            $0.route(Ping.self, delivery: { .latest(.ping($0.number)) })
            $0.route(Pong.self, delivery: { .latest(.pong($0.number)) })
            $0.route(Tagged.self, delivery: { .withNext(.tagged(thread: $0.thread, index: $0.index)) })
        }
        // A thousand readings of two kinds while the owner sleeps: one of each waits, nothing is lost.
        for number in 1...1000 {
            bus.publish(Ping(number: number))
            bus.publish(Pong(number: -number))
        }
        bus.publish(Tagged(thread: 0, index: 1))
        bus.publish(Tagged(thread: 0, index: 2))
        inbox.post(.marker)

        #expect(
            try await take(5, from: inbox) == [
                .ping(1000), .pong(-1000), .tagged(thread: 0, index: 1), .tagged(thread: 0, index: 2), .marker,
            ])
        #expect(bus.droppedMessageCount == 0)
    }

    @Test func aLatestOfKeyEventReplacesOnlyTheWaitingOneWithItsKey() async throws {
        let bus = MessageBus()
        let inbox = bus.inbox(of: Event.self, subscriber: "test", capacity: 3) {
            $0.route(Ping.self, delivery: { .latestOfKey($0.number % 2 == 0 ? "even" : "odd", .ping($0.number)) })
        }
        // A thousand readings of two sources (odd and even numbers) on one route while the owner sleeps: the last
        // of each waits, in the order they came, and nothing is lost in a buffer of 3.
        for number in 1...1000 { bus.publish(Ping(number: number)) }
        inbox.post(.marker)

        #expect(try await take(3, from: inbox) == [.ping(999), .ping(1000), .marker])
        #expect(bus.droppedMessageCount == 0)
    }

    @Test func waitingEventsBeyondTheCapacityAreDroppedOldestFirstAndCounted() async throws {
        let bus = MessageBus()
        let inbox = bus.inbox(of: Event.self, subscriber: "test", capacity: 3) {
            $0.route(Ping.self, delivery: { .withNext(.ping($0.number)) })
        }
        for number in 1...5 { bus.publish(Ping(number: number)) }
        #expect(bus.statistics().map(\.dropped) == [2])

        inbox.post(.marker)  // pushes out ping 3 as well
        #expect(try await take(3, from: inbox) == [.ping(4), .ping(5), .marker])
        #expect(bus.droppedMessageCount == 3)
    }

    @Test func finishHandsOverTheEventsThatWereWaiting() async throws {
        let bus = MessageBus()
        let inbox = bus.inbox(of: Event.self, subscriber: "test") {
            $0.route(Ping.self, delivery: { .withNext(.ping($0.number)) })
        }
        bus.publish(Ping(number: 1))
        bus.publish(Ping(number: 2))
        inbox.finish()
        bus.publish(Ping(number: 3))

        var events: [Event] = []
        for await event in inbox { events.append(event) }
        #expect(events == [.ping(1), .ping(2)])
        #expect(bus.statistics().isEmpty, "the routes leave the bus once the inbox has ended")
    }
}
