import Foundation
import HubCore
import HubTestKit
import Testing

@testable import Simulator

/// The simulator says its part of "status now" as the real sensors do: "heart rate 100" and "GPS fix" while it
/// plays, so `status now` with `--simulate` sounds as it does with a strap and a receiver.
@Suite struct SimulatorStatusPartTests {
    @Test func eachSensorOfTheRecordingPublishesItsPart() async throws {
        let directory = try TemporaryDirectory()
        let file = directory.url.appendingPathComponent("run.csv").path
        try "seconds,heart_rate,latitude,longitude\n0,100,48.0,11.5\n".write(
            toFile: file, atomically: true, encoding: .utf8)
        let configuration = try SimulatorPluginTests.configuration("file = '\(file)'\nwhen-done = \"idle\"")
        let clock = ManualClock()
        let (context, scratch) = try PluginContext.test(clock: clock)
        defer { withExtendedLifetime(scratch) {} }
        let parts = context.bus.inbox(of: StatusPart.self, subscriber: "test")
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await SimulatorPlugin(configuration: configuration, context: context).run() }
            try await clock.waitForSleepers()
            clock.advance(by: .milliseconds(500))
            try await group.waitForAll()
        }
        // Connected, with nothing measured yet; then the reading and the fix of 0.5 s, fresh for 5 s: until 5.5 s.
        let freshUntil = HubInstant(sinceOrigin: .milliseconds(5_500))
        var received: [StatusPart] = []
        for _ in 0..<4 { received.append(try await parts.next()) }
        #expect(
            received == [
                StatusPart(
                    source: "heart rate", place: 100, fresh: "no heart rate", stale: "no heart rate", freshUntil: nil),
                StatusPart(
                    source: "location", place: 200, fresh: "GPS fix", stale: "no GPS fix", freshUntil: nil,
                    measuresDistance: true),
                StatusPart(
                    source: "heart rate", place: 100, fresh: "heart rate 100", stale: "no heart rate",
                    freshUntil: freshUntil),
                StatusPart(
                    source: "location", place: 200, fresh: "GPS fix", stale: "no GPS fix", freshUntil: freshUntil,
                    measuresDistance: true),
            ])
    }
}
