import Foundation
import HubCore
import HubTestKit
import Status
import StatusParts
import Testing

@Suite struct StatusPluginTests {
    private func progress(elapsed: Int, meters: Double) -> WorkoutProgress {
        var totals = WorkoutTotals()
        totals.distanceMeters = meters
        return WorkoutProgress(
            workoutID: 1, state: .running, elapsed: .seconds(elapsed), moving: .seconds(elapsed), totals: totals,
            currentSpeedMetersPerSecond: 3, currentHeartRate: 140, at: HubInstant(sinceOrigin: .seconds(elapsed)))
    }

    /// Runs the plugin on a manual clock while `body` publishes and waits for answers.
    private func withStatus(
        _ body: (PluginContext, ManualClock, Inbox<Announcement>) async throws -> Void
    ) async throws {
        let clock = ManualClock()
        let (context, directory) = try PluginContext.test(clock: clock)
        defer { withExtendedLifetime(directory) {} }
        let plugin = StatusPlugin(configuration: .init(), context: context)
        let announcements = context.bus.inbox(of: Announcement.self, subscriber: "test")
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await plugin.run() }
            defer { group.cancelAll() }
            try await body(context, clock, announcements)
        }
    }

    @Test func aRequestOnTheBusIsAnsweredWithOneAnnouncement() async throws {
        try await withStatus { context, _, announcements in
            context.bus.publish(progress(elapsed: 10, meters: 30))
            context.bus.publish(StatusRequested(source: "test"))
            let answer = try await announcements.next()
            #expect(answer == Announcement("Recording 0:10, 30 m.", priority: .important))
        }
    }

    /// Parts that come every second wait in the inbox, the newest of each source only: 100 seconds of a strap and a
    /// receiver lose nothing in a buffer of 64, and the answer says the last second's heart rate.
    @Test func partsThatComeEverySecondKeepTheNewestOfEachSource() async throws {
        try await withStatus { context, clock, announcements in
            var heartRate = HeartRateStatusPart(), location = LocationStatusPart()
            context.bus.publish(
                heartRate.take(
                    SensorStatusChanged(sensor: .heartRate, status: .connected, device: "strap", batteryPercent: 80)))
            for second in 0..<100 {
                context.bus.publish(
                    heartRate.take(
                        HeartRateMeasured(beatsPerMinute: 100 + second, source: "strap", timestamp: Date()),
                        at: clock.instant))
                context.bus.publish(
                    location.take(
                        PositionMeasured(latitude: 1, longitude: 2, source: "gpsd", timestamp: Date()),
                        at: clock.instant))
            }
            context.bus.publish(StatusRequested(source: "test"))
            let answer = try await announcements.next()
            #expect(answer.text == "Idle, heart rate 199, strap battery 80%, GPS fix.")
            #expect(context.bus.droppedMessageCount == 0)

            // 6 s later, with nothing new, both have gone stale; the battery stays as last said.
            clock.advance(by: .seconds(6))
            context.bus.publish(StatusRequested(source: "test"))
            let later = try await announcements.next()
            #expect(later.text == "Idle, no heart rate, strap battery 80%, no GPS fix.")
        }
    }

    /// "status now" is part of what the hub does out of the box: a file without the plugin's table answers as
    /// before the status became a plugin, and `enabled = false` switches it off.
    @Test func runsWithoutATableUnlessSwitchedOff() throws {
        let registry = PluginRegistry([StatusPlugin.self])
        let none = try HubConfiguration(text: "", file: "stayfit.toml")
        #expect(try registry.enabledTables(in: none).keys.map(\.rawValue) == ["status"])
        let off = try HubConfiguration(text: "[plugins.status]\nenabled = false\n", file: "stayfit.toml")
        #expect(try registry.enabledTables(in: off).isEmpty)
    }

    @Test func theSampleTableHasNoKeysOfItsOwn() throws {
        let sample = try HubConfiguration.load(path: SampleConfigurationFile.path)
        let table = try #require(sample.pluginTables["status"])
        _ = try StatusPlugin.Configuration(table)
        #expect(table.keys.isEmpty)
    }
}
