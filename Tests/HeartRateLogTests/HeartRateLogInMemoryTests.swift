import Foundation
import HeartRateLog
import HubCore
import HubTestKit
import ServiceLifecycle
import Testing

/// The plugin against HubTestKit's in-memory log: what it asks of the store, without a database.
@Suite struct HeartRateLogInMemoryTests {
    /// Runs the plugin over `book`, publishes a reading at 0.5 s, 1.5 s and 2.5 s past `start` (100, 101 and 102
    /// bpm) and stops it gracefully.
    func run(over book: InMemoryHeartRateLog, start: Date = Date(timeIntervalSince1970: 1_700_000_000)) async throws {
        let clock = ManualClock()
        let context = PluginContext.test(storage: book, clock: clock)
        let plugin = HeartRateLogPlugin(configuration: .init(), context: context, flushEvery: .seconds(5))
        let group = ServiceGroup(
            configuration: ServiceGroupConfiguration(services: [.init(service: plugin)], logger: quietLogger))
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            for second in 0..<3 {
                context.bus.publish(
                    HeartRateMeasured(
                        beatsPerMinute: 100 + second, rrIntervals1024: [600 + UInt16(second)], source: "test",
                        timestamp: start.addingTimeInterval(Double(second) + 0.5)))
            }
            // A graceful stop handles every reading published before it and writes what is pending.
            await group.triggerGracefulShutdown()
            try await tasks.waitForAll()
        }
    }

    @Test func writesEachSecondToTheLogBookWhenTheProfileSwitchIsOn() async throws {
        var profile = HeartRateLogPluginTests.profile
        profile.heartRateMonitoring = true
        let book = InMemoryHeartRateLog(profile: profile)
        try await run(over: book)
        #expect(
            book.seconds == [
                HeartRateSecond(second: 1_700_000_000, beatsPerMinute: 100, rrIntervals1024: [600]),
                HeartRateSecond(second: 1_700_000_001, beatsPerMinute: 101, rrIntervals1024: [601]),
                HeartRateSecond(second: 1_700_000_002, beatsPerMinute: 102, rrIntervals1024: [602]),
            ])
    }

    @Test func writesNothingWithoutAProfile() async throws {
        let book = InMemoryHeartRateLog(profile: nil)
        try await run(over: book)
        #expect(book.seconds.isEmpty)
    }

    @Test func failsItsRunWhenTheStorageKeepsNoHeartRateLog() async throws {
        let context = PluginContext.test(storage: InMemoryReminderBook())
        let plugin = HeartRateLogPlugin(configuration: .init(), context: context, flushEvery: .seconds(5))
        await #expect(throws: StorageUnavailable.self) { try await plugin.run() }
    }
}
