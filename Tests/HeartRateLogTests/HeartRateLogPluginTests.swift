import Foundation
import HeartRateLog
import HubCore
import HubStore
import HubTestKit
import ServiceLifecycle
import Testing

@Suite struct HeartRateLogPluginTests {
    static let profile = Profile(
        name: "Alex", birthDate: "1990-04-21", gender: .female, heightCentimeters: 168, weightKilograms: 61,
        heartRateMonitoring: true)

    /// Runs the plugin on a manual clock, publishes one reading per second for `seconds`, and stops it.
    func log(
        seconds: Int, monitoring: Bool, retention: Duration? = nil, before: (HubStore) async throws -> Void = { _ in },
        reading: (_ second: Int, _ at: Date) -> HeartRateMeasured = { second, at in
            HeartRateMeasured(
                beatsPerMinute: 100 + second, rrIntervals1024: [614], source: "test", timestamp: at)
        }
    )
        async throws -> (HubStore, TemporaryDirectory, Date)
    {
        let clock = ManualClock()
        let (context, directory) = try PluginContext.test(clock: clock)
        var profile = Self.profile
        profile.heartRateMonitoring = monitoring
        try await context.hubStore.saveProfile(profile)
        try await before(context.hubStore)
        let logger = HeartRateLogPlugin(
            configuration: .init(retention: retention), context: context, flushEvery: .seconds(5))
        let start = clock.now
        let group = ServiceGroup(
            configuration: ServiceGroupConfiguration(services: [.init(service: logger)], logger: quietLogger))
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            for second in 0..<seconds {
                context.bus.publish(reading(second, start.addingTimeInterval(Double(second) + 0.5)))
            }
            context.bus.publish(
                HeartRateMeasured(
                    beatsPerMinute: 99, source: "simulator",
                    timestamp: start.addingTimeInterval(Double(seconds) + 10.5),
                    isSimulated: true))
            if monitoring {
                // The first reading arms the flush timer; let it fire once.
                try await clock.waitForSleepers()
                clock.advance(by: .seconds(5))
            }
            // A graceful stop handles every reading published before it and writes what is pending.
            await group.triggerGracefulShutdown()
            try await tasks.waitForAll()
        }
        return (context.hubStore, directory, start)
    }

    @Test func logsEverySecondWhenMonitoringIsOn() async throws {
        let (store, directory, start) = try await log(seconds: 20, monitoring: true)
        _ = directory
        let points = try await store.heartRate(from: start, to: start.addingTimeInterval(20), maxPoints: 20)
        #expect(points.map(\.maximum) == Array(100..<120))
        // The simulated reading (99 bpm, ten seconds later) never enters the person's log.
        #expect(try await store.heartRate(from: start.addingTimeInterval(20), to: start.addingTimeInterval(60)).isEmpty)
        #expect(try await store.heartRateIntervals(from: start, to: start.addingTimeInterval(20)).count == 20)
        #expect(
            try await store.heartRateIntervals(from: start, to: start.addingTimeInterval(1)) == [614],
            "kept in the strap's 1/1024 s, exactly as sent")
    }

    @Test func logsNoHeartRateOrRRIntervalOutsideThePlausibleRange() async throws {
        // 300 and 6 bpm, then 120 bpm with RR intervals of 1/1024 s (0.98 ms) and 65,535/1024 s (63,999 ms) around
        // a good one: as a slipping strap sent them, had its plugin not dropped them.
        let rates = [300, 6, 120, 121]
        let (store, directory, start) = try await log(
            seconds: rates.count, monitoring: true,
            reading: { second, at in
                HeartRateMeasured(
                    beatsPerMinute: rates[second], rrIntervals1024: second == 2 ? [1, 819, 65_535] : [],
                    source: "test", timestamp: at)
            })
        _ = directory
        let points = try await store.heartRate(from: start, to: start.addingTimeInterval(4), maxPoints: 4)
        #expect(points.map(\.maximum) == [120, 121])
        #expect(try await store.heartRateIntervals(from: start, to: start.addingTimeInterval(4)) == [819])
    }

    @Test func logsNothingWhenMonitoringIsOff() async throws {
        let (store, directory, start) = try await log(seconds: 20, monitoring: false)
        _ = directory
        #expect(try await store.heartRate(from: start, to: start.addingTimeInterval(20)).isEmpty)
    }

    @Test func deletesLogOlderThanTheRetention() async throws {
        let old = ManualClock().now.addingTimeInterval(-3 * 86_400)
        let (store, directory, start) = try await log(seconds: 5, monitoring: true, retention: .seconds(86_400)) {
            store in
            try await store.logHeartRate([HeartRateSecond(second: Int64(old.timeIntervalSince1970), beatsPerMinute: 70)]
            )
        }
        _ = directory
        #expect(try await store.heartRate(from: old.addingTimeInterval(-10), to: old.addingTimeInterval(10)).isEmpty)
        #expect(try await store.heartRate(from: start, to: start.addingTimeInterval(5)).count == 5)
    }
}
