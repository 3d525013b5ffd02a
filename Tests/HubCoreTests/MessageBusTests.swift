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

@Suite struct MessageBusTests {
    @Test func deliversEveryMessageToEachSubscriberOfItsType() async throws {
        let bus = MessageBus()
        let first = bus.inbox(of: Ping.self, subscriber: "first")
        let second = bus.inbox(of: Ping.self, subscriber: "second")
        let third = bus.inbox(of: Ping.self, subscriber: "third")

        for number in 1...3 { bus.publish(Ping(number: number)) }

        for stream in [first, second, third] {
            var received: [Int] = []
            for _ in 1...3 { received.append(try await stream.next().number) }
            #expect(received == [1, 2, 3])
        }
        #expect(bus.statistics().map(\.delivered) == [3, 3, 3])
    }

    @Test func aSubscriberReceivesOnlyMessagesOfItsOwnType() async throws {
        let bus = MessageBus()
        let pings = bus.inbox(of: Ping.self)
        let pongs = bus.inbox(of: Pong.self)

        bus.publish(Pong(number: 1))
        bus.publish(Ping(number: 2))
        bus.publish(Pong(number: 3))

        #expect(try await pings.next() == Ping(number: 2))
        #expect(try await pongs.next() == Pong(number: 1))
        #expect(try await pongs.next() == Pong(number: 3))
        let statistics = bus.statistics()
        #expect(statistics.map(\.messageType) == ["Ping", "Pong"])
        #expect(statistics.map(\.delivered) == [1, 2])
    }

    @Test func aSubscriberThatDoesNotReadLosesTheOldestMessagesAndTheLossIsCounted() async throws {
        let bus = MessageBus(capacity: 4)
        let slow = bus.inbox(of: Ping.self, subscriber: "slow")

        for number in 0..<10 { bus.publish(Ping(number: number)) }

        var received: [Int] = []
        for _ in 0..<4 { received.append(try await slow.next().number) }
        #expect(received == [6, 7, 8, 9])
        #expect(
            bus.statistics() == [
                BusSubscriptionStatistics(subscriber: "slow", messageType: "Ping", delivered: 10, dropped: 6)
            ])
        #expect(bus.droppedMessageCount == 6)
    }

    @Test func aSubscriberThatKeepsUpLosesNothing() async throws {
        let bus = MessageBus(capacity: 2)
        let reader = bus.inbox(of: Ping.self)

        for number in 0..<10 {
            bus.publish(Ping(number: number))
            #expect(try await reader.next().number == number)
        }
        #expect(bus.droppedMessageCount == 0)
    }

    @Test func aDroppedStreamIsUnsubscribed() {
        let bus = MessageBus()
        let kept = bus.inbox(of: Ping.self, subscriber: "kept")
        do {
            let shortLived = bus.inbox(of: Ping.self, subscriber: "short-lived")
            #expect(bus.statistics().map(\.subscriber) == ["kept", "short-lived"])
            withExtendedLifetime(shortLived) {}
        }

        bus.publish(Ping(number: 1))

        #expect(bus.statistics().map(\.subscriber) == ["kept"])
        withExtendedLifetime(kept) {}
    }

    @Test func aSubscriberWhoseTaskIsCancelledIsUnsubscribed() async throws {
        let bus = MessageBus()
        let stream = bus.inbox(of: Ping.self, subscriber: "cancelled")
        #expect(bus.statistics().count == 1)

        await withTaskGroup(of: Void.self) { group in
            group.addTask { for await _ in stream {} }
            group.cancelAll()
        }

        #expect(bus.statistics().isEmpty)
        bus.publish(Ping(number: 1))
        #expect(bus.droppedMessageCount == 0)
    }

    @Test func publishingFromManyThreadsAtOnceDeliversEverything() async throws {
        let threads = 8, perThread = 2_000
        let bus = MessageBus(capacity: threads * perThread)
        let streams = [bus.inbox(of: Tagged.self, subscriber: "a"), bus.inbox(of: Tagged.self, subscriber: "b")]

        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for index in 0..<perThread { bus.publish(Tagged(thread: thread, index: index)) }
        }

        for stream in streams {
            var iterator = stream.makeAsyncIterator()
            var nextIndex = Array(repeating: 0, count: threads)
            for _ in 0..<(threads * perThread) {
                let message = try #require(await iterator.next())
                // Each thread's messages arrive complete and in the order that thread published them.
                #expect(message.index == nextIndex[message.thread])
                nextIndex[message.thread] += 1
            }
            #expect(nextIndex == Array(repeating: perThread, count: threads))
        }
        #expect(bus.statistics().map(\.delivered) == [threads * perThread, threads * perThread])
        #expect(bus.droppedMessageCount == 0)
    }
}
