import BlueZTestKit
import Foundation
import GPSTestKit
import HubTestKit
import Testing

@testable import Location

/// `stayfit gps`'s look at gpsd, against the scripted stand-in of `LocationPluginTests`.
@Suite(.timeLimit(.minutes(2))) struct GPSProbeTests {
    /// gpsd reports a cycle in parts: GSA's "3D" can come with the satellites before any report says where. The
    /// look waits for the report with the place (CI once printed "3D fix" with "Position none yet").
    @Test func aFixWithoutAPlaceIsNotTheAnswer() async throws {
        let directory = try TemporaryDirectory()
        let port = try GPSFake.freePort()
        let lines = [
            LocationPluginTests.devices,
            #"{"class":"SKY","device":"/dev/ttyACM0","nSat":8,"uSat":8,"hdop":0.9}"#,
            #"{"class":"TPV","device":"/dev/ttyACM0","mode":3,"time":"2025-06-15T15:06:40.000Z"}"#,
            LocationPluginTests.tpv(1),
        ]
        let scripts = String(decoding: try JSONEncoder().encode([lines]), as: UTF8.self)
        let scriptPath = directory.url.appendingPathComponent("scripts.json").path
        let serverPath = directory.url.appendingPathComponent("server.py").path
        try scripts.write(toFile: scriptPath, atomically: true, encoding: .utf8)
        try LocationPluginTests.server.write(toFile: serverPath, atomically: true, encoding: .utf8)
        let server = try ChildProcess.spawn("/usr/bin/python3", [serverPath, "\(port)", scriptPath])
        defer { server.stop() }

        var reading = GPSProbe.Reading()
        let deadline = ContinuousClock.now + .seconds(30)
        // The server takes a moment to listen.
        while ContinuousClock.now < deadline {
            do {
                reading = try await GPSProbe.look(host: "127.0.0.1", port: port, for: .seconds(20))
                break
            } catch is GPSProbe.Unreachable {
                try await Task.sleep(for: .milliseconds(50))
            }
        }
        #expect(reading.position?.latitude == 48.137, "\(String(describing: reading.position))")
        #expect(reading.position?.mode == 3)
        #expect(reading.sky?.satellitesUsed == 8)
    }
}
