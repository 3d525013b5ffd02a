import BlueZTestKit
import Foundation
import GPSTestKit
import HubCore
import HubTestKit
import Testing

@testable import Location

/// The plugin against a stand-in for gpsd (a small Python server that plays scripted lines), for what a real
/// gpsd never sends: lines that are not JSON, unknown classes. The real gpsd is in the integration tests.
@Suite(.timeLimit(.minutes(5))) struct LocationPluginTests {
    /// Serves one script of lines per connection, each after the client's watch request, then hangs up (the
    /// last one stays open).
    static let server = #"""
        import json, socket, sys, time
        port, scripts = int(sys.argv[1]), json.loads(open(sys.argv[2]).read())
        listener = socket.socket(); listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(("127.0.0.1", port)); listener.listen(1)
        for index, lines in enumerate(scripts):
            connection, _ = listener.accept()
            connection.sendall(b'{"class":"VERSION","release":"3.22","rev":"3.22","proto_major":3,"proto_minor":14}\n')
            request = b""
            while b"\n" not in request: request += connection.recv(100)
            for line in lines: connection.sendall(line.encode() + b"\n"); time.sleep(0.02)
            if index == len(scripts) - 1: time.sleep(60)
            connection.close()
        """#

    static func tpv(_ second: Int, latitude: Double = 48.137) -> String {
        let time = String(format: "2025-06-15T15:%02d:%02d.000Z", 6 + (40 + second) / 60, (40 + second) % 60)
        return
            #"{"class":"TPV","device":"/dev/ttyACM0","mode":3,"time":"\#(time)","lat":\#(latitude),"lon":11.575,"altMSL":520.0,"speed":3.0,"track":0.0,"eph":6.0}"#
    }

    static let devices =
        #"{"class":"DEVICES","devices":[{"class":"DEVICE","path":"/dev/ttyACM0","activated":"2025-06-15T15:06:40.000Z"}]}"#

    @Test func dropsAndCountsGarbageUnknownClassesAndAbsurdFixesAndReconnectsWhenGpsdGoesAway() async throws {
        let directory = try TemporaryDirectory()
        let port = try GPSFake.freePort()
        let first = [
            Self.devices, "this is not json", #"{"class":"SPACESHIP","warp":9}"#, #"{"class":"TPV","mode":3}"#,
            Self.tpv(0), Self.tpv(1), Self.tpv(2, latitude: 95), Self.tpv(3),
        ]
        let second = [Self.devices, Self.tpv(20), Self.tpv(21)]
        let scripts = String(decoding: try JSONEncoder().encode([first, second]), as: UTF8.self)
        let scriptPath = directory.url.appendingPathComponent("scripts.json").path
        let serverPath = directory.url.appendingPathComponent("server.py").path
        try scripts.write(toFile: scriptPath, atomically: true, encoding: .utf8)
        try Self.server.write(toFile: serverPath, atomically: true, encoding: .utf8)
        let server = try ChildProcess.spawn("/usr/bin/python3", [serverPath, "\(port)", scriptPath])
        defer { server.stop() }

        let (context, storeDirectory) = try PluginContext.test(clock: SystemClock())
        defer { withExtendedLifetime(storeDirectory) {} }
        let positions = context.bus.inbox(of: PositionMeasured.self, subscriber: "test")
        let statuses = context.bus.inbox(of: SensorStatusChanged.self, subscriber: "test")
        let plugin = LocationPlugin(configuration: .init(port: port), context: context)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await plugin.run() }
            var published: [PositionMeasured] = []
            while published.count < 5 { published.append(try await positions.next(within: TestDeadline.hang)) }
            group.cancelAll()
            #expect(published.count == 5)
            #expect(published.allSatisfy { abs($0.latitude) <= 90 }, "the absurd fix was not published")
            #expect(published.first?.altitudeMeters == 520)
            #expect(published.first?.horizontalAccuracyMeters == 6)
        }
        let counts = plugin.droppedCounts
        #expect(counts["garbage line"] == 1, "\(counts)")
        #expect(counts["unknown class"] == 1, "\(counts)")
        #expect(counts["absurd value"] == 1, "\(counts)")
        var seen: [String] = []
        // Everything was published before the positions above; a short wait ends the (finite) collection.
        while let status = try? await statuses.next(within: .milliseconds(300)) {
            seen.append("\(status.status.rawValue): \(status.detail ?? "")")
        }
        #expect(seen.contains("connected: 3D fix"), "\(seen)")
        // gpsd going away is "lost", or "disconnected" when a loaded machine let the silent receiver's own "lost: no
        // fix" come first (the fix was already lost): either way it is said, with the reason.
        #expect(
            seen.contains("lost: gpsd not reachable") || seen.contains("disconnected: gpsd not reachable"), "\(seen)")
        #expect(seen.contains("restored: 3D fix"), "\(seen)")
    }
}
