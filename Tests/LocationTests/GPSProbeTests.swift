import BlueZTestKit
import Foundation
import GPSTestKit
import HubTestKit
import Testing

@testable import Location

/// `stayfit gps`'s look at gpsd, against the scripted stand-in of `LocationPluginTests`.
@Suite(.timeLimit(.minutes(5))) struct GPSProbeTests {
    /// gpsd reports a cycle in parts: GSA's "3D" can come with the satellites before any report says where. The
    /// look waits for the report with the place (CI once printed "3D fix" with "Position none yet").
    @Test func aFixWithoutAPlaceIsNotTheAnswer() async throws {
        let reading = try await look(at: [
            LocationPluginTests.devices,
            #"{"class":"SKY","device":"/dev/ttyACM0","nSat":8,"uSat":8,"hdop":0.9}"#,
            #"{"class":"TPV","device":"/dev/ttyACM0","mode":3,"time":"2025-06-15T15:06:40.000Z"}"#,
            LocationPluginTests.tpv(1),
        ])
        #expect(reading.position?.latitude == 48.137, "\(String(describing: reading.position))")
        #expect(reading.position?.mode == 3)
        #expect(reading.sky?.satellitesUsed == 8)
    }

    /// The satellites come in parts too, and on a loaded machine the next cycle's position can come before the
    /// whole SKY of the first (CI once printed "Satellites  0 used of 4 seen"): the look waits for the satellites in
    /// use.
    @Test func satellitesWithoutTheOnesInUseAreNotTheAnswer() async throws {
        let partial = #"{"class":"SKY","device":"/dev/ttyACM0","nSat":4,"uSat":0}"#
        let reading = try await look(at: [
            LocationPluginTests.devices, LocationPluginTests.tpv(0), partial, LocationPluginTests.tpv(1), partial,
            #"{"class":"SKY","device":"/dev/ttyACM0","nSat":8,"uSat":8,"hdop":0.9}"#, LocationPluginTests.tpv(2),
            partial,
        ])
        #expect(reading.sky?.satellitesUsed == 8, "\(String(describing: reading.sky))")
        #expect(reading.sky?.satellitesSeen == 8)
    }

    /// A receiver that never says which satellites it uses still gets an answer after five cycles, not at the
    /// end of the look.
    @Test func aReceiverThatNeverSaysWhichSatellitesItUsesIsAnsweredAfterAFewCycles() async throws {
        let partial = #"{"class":"SKY","device":"/dev/ttyACM0","nSat":4,"uSat":0}"#
        // A look of ten minutes: the answer must come while the scripted gpsd still holds the connection open
        // (it does for a minute after its last line, then exits), not at the end of the look or of the connection.
        var gpsdStillConnected = false
        let reading = try await look(
            at: [LocationPluginTests.devices] + (0..<8).flatMap { [LocationPluginTests.tpv($0), partial] },
            for: .seconds(600), gpsdStillConnected: &gpsdStillConnected)
        #expect(gpsdStillConnected, "the look waited for gpsd to go away")
        #expect(reading.sky?.satellitesSeen == 4)
        #expect(reading.position?.latitude == 48.137)
    }

    /// What a 20-second look sees of a scripted gpsd that sends `lines`.
    private func look(at lines: [String]) async throws -> GPSProbe.Reading {
        var gpsdStillConnected = false
        return try await look(at: lines, gpsdStillConnected: &gpsdStillConnected)
    }

    /// What a look of `duration` sees of a scripted gpsd that sends `lines`; `gpsdStillConnected` says whether the
    /// scripted gpsd was still connected when the answer came (it holds on for a minute after its last line).
    private func look(
        at lines: [String], for duration: Duration = .seconds(20), gpsdStillConnected: inout Bool
    ) async throws -> GPSProbe.Reading {
        let directory = try TemporaryDirectory()
        let port = try GPSFake.freePort()
        let scripts = String(decoding: try JSONEncoder().encode([lines]), as: UTF8.self)
        let scriptPath = directory.url.appendingPathComponent("scripts.json").path
        let serverPath = directory.url.appendingPathComponent("server.py").path
        try scripts.write(toFile: scriptPath, atomically: true, encoding: .utf8)
        try LocationPluginTests.server.write(toFile: serverPath, atomically: true, encoding: .utf8)
        let server = try ChildProcess.spawn("/usr/bin/python3", [serverPath, "\(port)", scriptPath])
        defer { server.stop() }
        let deadline = ContinuousClock.now + TestDeadline.hang
        // The server takes a moment to listen.
        while ContinuousClock.now < deadline {
            do {
                let reading = try await GPSProbe.look(host: "127.0.0.1", port: port, for: duration)
                gpsdStillConnected = server.isRunning
                return reading
            } catch is GPSProbe.Unreachable {
                try await Task.sleep(for: .milliseconds(50))
            }
        }
        throw GPSProbe.Unreachable(endpoint: "127.0.0.1:\(port)", reason: "the scripted gpsd never listened")
    }
}
