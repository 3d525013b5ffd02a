import BlueZTestKit
import Foundation
import GPSTestKit
import HubCore
import HubTestKit
import Testing

@testable import Location

/// The plugin's part of "status now", published with every change of the link and every fix: "GPS fix" while
/// fixes come, "no GPS fix" before and after.
@Suite(.timeLimit(.minutes(5))) struct LocationPluginStatusPartTests {
    @Test func theLinkAndEachFixPublishTheReceiversPart() async throws {
        let directory = try TemporaryDirectory()
        let port = try GPSFake.freePort()
        let scripts = String(
            decoding: try JSONEncoder().encode([[LocationPluginTests.devices, LocationPluginTests.tpv(0)]]),
            as: UTF8.self)
        let scriptPath = try directory.write("scripts.json", scripts)
        let serverPath = try directory.write("server.py", LocationPluginTests.server)
        let server = try ChildProcess.spawn("/usr/bin/python3", [serverPath, "\(port)", scriptPath])
        defer { server.stop() }

        let (context, storeDirectory) = try PluginContext.test(clock: SystemClock())
        defer { withExtendedLifetime(storeDirectory) {} }
        let parts = context.bus.inbox(of: StatusPart.self, subscriber: "test")
        let plugin = LocationPlugin(configuration: .init(port: port), context: context)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await plugin.run() }
            defer { group.cancelAll() }
            // Connecting to gpsd, then a receiver without a fix yet: no fix, and nothing to go stale.
            let connecting = try await parts.next()
            #expect(
                connecting
                    == StatusPart(
                        source: "location", place: 200, fresh: "GPS fix", stale: "no GPS fix", freshUntil: nil,
                        measuresDistance: true))
            // Then the fix: fresh for 5 s from the moment it was published, then stale by itself.
            var part = try await parts.next()
            while part.freshUntil == nil { part = try await parts.next() }
            let freshUntil = try #require(part.freshUntil)
            #expect(part.words(at: freshUntil) == "GPS fix")
            #expect(part.words(at: freshUntil + .milliseconds(1)) == "no GPS fix")
            #expect(freshUntil - .seconds(5) <= context.clock.instant)
        }
    }
}
