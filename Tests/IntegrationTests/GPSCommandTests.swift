import BlueZTestKit
import Foundation
import GPSTestKit
import Testing

/// `stayfit gps` against a real gpsd fed by gpsfake, and with no gpsd at all.
@Suite(.timeLimit(.minutes(5))) struct GPSCommandTests {
    @Test func showsTheReceiverTheFixTheSatellitesAndThePosition() async throws {
        let scratch = try Scratch()
        let route = TestRoute(legs: [.stand(seconds: 600)], seed: 21)
        // Real time for the sentences: the command needs a fix and a SKY report within its wait.
        let fake = try GPSFake(nmea: NMEALog.text(for: route), sentenceDelay: 0.1, directory: scratch.url)
        defer { fake.stop() }
        try await eventuallyListening(fake)
        let result = try await StayfitProcess.run(["gps", "--port", "\(fake.port)", "--seconds", "20"])
        #expect(result.status == 0, "stderr: \(result.error)")
        #expect(result.output.contains("Fix         3D fix"), "\(result.output)")
        #expect(result.output.contains("Satellites  8 used of 8 seen"), "\(result.output)")
        #expect(result.output.contains("Position    48.13"), "\(result.output)")
        #expect(result.output.contains("Accuracy    ±"), "\(result.output)")
    }

    @Test func saysHowToSetUpGpsdWhenItIsNotRunning() async throws {
        let port = try GPSFake.freePort()
        let result = try await StayfitProcess.run(["gps", "--port", "\(port)", "--seconds", "1"])
        #expect(result.status == 69)
        #expect(result.error.contains("gpsd is not reachable at 127.0.0.1:\(port)"), "\(result.error)")
        #expect(result.error.contains("/etc/default/gpsd"), "\(result.error)")
        #expect(result.error.contains("raspi-config"), "\(result.error)")
    }

    @Test(arguments: [["gps", "--seconds", "0"], ["gps", "--port", "70000"], ["gps", "--host", "gps.local"]])
    func refusesImproperOptions(_ arguments: [String]) async throws {
        let result = try await StayfitProcess.run(arguments)
        #expect(result.status == 64, "\(result.error)")
    }

    /// gpsfake's gpsd takes a moment to listen; the command is not asked before.
    func eventuallyListening(_ fake: GPSFake) async throws {
        let deadline = ContinuousClock.now + TestDeadline.hang
        while !fake.isListening {
            guard ContinuousClock.now < deadline else { throw StayfitProcessError.timedOut }
            try await Task.sleep(for: .milliseconds(100))
        }
    }
}
