import BlueZTestKit
import DBus
import Synchronization
import Testing

/// A signal stream whose consumer falls behind: what it loses is counted, never lost unseen.
@Suite(.timeLimit(.minutes(5))) struct DBusSignalLossTests {
    /// The numbers of signals handed to `onDrop`, in the order they were dropped.
    private final class Dropped: Sendable {
        private let numbers = Mutex<[Int]>([])
        var all: [Int] { numbers.withLock { $0 } }
        func append(_ number: Int) { numbers.withLock { $0.append(number) } }
    }

    /// The number a ``MockStrap/numberedPayload(_:)`` notification carries in its Energy Expended.
    private static func number(of signal: DBusSignal) -> Int? {
        guard let value = signal.arguments.dropFirst().first?.dictionary?["Value"]?.bytes, value.count == 4 else {
            return nil
        }
        return Int(value[2]) | Int(value[3]) << 8
    }

    @Test func aFullBufferCountsEveryDroppedSignalAndKeepsTheNewest() async throws {
        try await withBlueZMock { env in
            let strap = try await MockStrap.add(to: env)
            try await strap.addNotifyNumbered()
            try await env.connection.addMatch(
                "type='signal',interface='org.freedesktop.DBus.Properties',member='PropertiesChanged',"
                    + "path='\(strap.characteristicPath)'")
            let before = env.connection.signalStatistics
            let dropped = Dropped()
            let signals = env.connection.signals(
                path: strap.characteristicPath, bufferingPolicy: .bufferingNewest(50),
                onDrop: { if let number = Self.number(of: $0) { dropped.append(number) } })
            // Nobody reads while 500 arrive. The call's reply comes after all of them (one sender keeps its order),
            // so when it returns each one is either in the buffer or dropped.
            try await strap.notifyNumbered(count: 500)
            let after = env.connection.signalStatistics
            #expect(after.delivered - before.delivered == 500)
            #expect(after.dropped - before.dropped == 450)
            #expect(after.undecodable == before.undecodable)
            #expect(dropped.all == Array(1...450))
            var kept: [Int] = []
            for await signal in signals {
                kept.append(try #require(Self.number(of: signal)))
                if kept.count == 50 { break }
            }
            #expect(kept == Array(451...500))
        }
    }
}
