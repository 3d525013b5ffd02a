import BlueZTestKit
import HubTestKit
import Logging
import Testing

@testable import HubCore

@Suite struct BusLossReporterTests {
    struct Ping: BusMessage, Equatable {
        var number: Int
    }

    /// Runs a reporter (no pause between reports) on `bus` while `body` runs.
    func withReporter(
        on bus: MessageBus, _ body: (AsyncStream<LogRecorder.Entry>) async throws -> Void
    ) async throws {
        let log = LogRecorder()
        let logger = log.logger(), records = log.entries
        let reporter = BusLossReporter(bus: bus, logger: logger, interval: .zero)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await reporter.run() }
            try await body(records)
            group.cancelAll()
        }
    }

    @Test func reportsWhoLostHowManyMessages() async throws {
        let bus = MessageBus(capacity: 2)
        let slow = bus.inbox(of: Ping.self, subscriber: "slow")
        try await withReporter(on: bus) { records in
            for number in 1...5 { bus.publish(Ping(number: number)) }  // 2 kept, 3 lost
            let record = try await records.next(within: TestDeadline.hang)
            #expect(record.level == .warning)
            #expect(record.metadata["subscriber"] == "slow")
            #expect(record.metadata["message"] == "Ping")
            #expect(record.metadata["lost"] == "3")
            #expect(record.metadata["lostInAll"] == "3")
        }
        _ = slow
    }

    @Test func lossesAfterAResubscriptionUnderTheSameNameAreStillReported() async throws {
        let bus = MessageBus(capacity: 2)
        var first: Inbox<Ping>? = bus.inbox(of: Ping.self, subscriber: "console")
        try await withReporter(on: bus) { records in
            for number in 1...5 { bus.publish(Ping(number: number)) }  // 3 lost
            #expect(try await records.next(within: TestDeadline.hang).metadata["lost"] == "3")

            // The plugin restarts: its old stream goes, a new one comes under the same name, starting at zero.
            first = nil
            #expect(bus.statistics().isEmpty)
            let second = bus.inbox(of: Ping.self, subscriber: "console")
            for number in 6...8 { bus.publish(Ping(number: number)) }  // 1 lost, fewer than the 3 before

            let record = try await records.next(within: TestDeadline.hang)
            #expect(record.metadata["subscriber"] == "console")
            #expect(record.metadata["lost"] == "1")
            #expect(record.metadata["lostInAll"] == "1")
            _ = second
        }
        _ = first
    }

    /// An inbox of several types loses what its owner's own events push out, too: counted against the route the lost
    /// message came from, and reported (an inbox's losses were once counted and never reported).
    @Test func anInboxsLossToItsOwnersEventIsReportedAgainstTheRouteItCameFrom() async throws {
        struct Pong: BusMessage {}
        enum Event: Sendable { case ping(Int), pong, own }
        let bus = MessageBus()
        let inbox = bus.inbox(of: Event.self, subscriber: "front end", capacity: 2) {
            $0.route(Ping.self) { .ping($0.number) }
            $0.route(Pong.self) { _ in .pong }
        }
        try await withReporter(on: bus) { records in
            bus.publish(Ping(number: 1))
            bus.publish(Pong())
            inbox.post(.own)  // pushes Ping 1 out
            let record = try await records.next(within: TestDeadline.hang)
            #expect(record.metadata["subscriber"] == "front end")
            #expect(record.metadata["message"] == "Ping")
            #expect(record.metadata["lost"] == "1")
        }
        _ = inbox
    }

    @Test func eachLosingSubscriptionIsNamedOnce() async throws {
        let bus = MessageBus(capacity: 1)
        let log = LogRecorder()
        let logger = log.logger(), records = log.entries
        let a = bus.inbox(of: Ping.self, subscriber: "a")
        let b = bus.inbox(of: Ping.self, subscriber: "b")
        for number in 1...3 { bus.publish(Ping(number: number)) }  // each loses 2
        // Losses before the reporter runs are in its first look.
        let reporter = BusLossReporter(bus: bus, logger: logger, interval: .seconds(3600))
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await reporter.run() }
            let first = try await records.next(within: TestDeadline.hang)
            let second = try await records.next(within: TestDeadline.hang)
            #expect(Set([first, second].compactMap { $0.metadata["subscriber"] }) == ["a", "b"])
            #expect([first, second].map { $0.metadata["lost"] } == ["2", "2"])
            group.cancelAll()
        }
        _ = (a, b)
    }
}
