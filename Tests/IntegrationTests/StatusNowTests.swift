import BlueZTestKit
import Foundation
import Testing

/// "status now" from `stayfit run` with the registry it ships: the status plugin runs without a table of its own,
/// and the simulator's strap and receiver say their parts as real ones do.
@Suite(.serialized, .timeLimit(.minutes(5))) struct StatusNowTests {
    @Test func statusNowWithTheSimulatorSaysTheHeartRateAndTheFix() async throws {
        let scratch = try Scratch()
        let config = try scratch.write(
            "stayfit.toml", "[plugins.console]\nmode = \"lines\"\nprogress-every-seconds = 0\n")
        let hub = try StayfitProcess(["run", "--simulate", "--config", config, "--data-dir", scratch.path("data")])
        try await hub.waitForOutput("StayFit Hub is ready")
        // The first reading comes half a second after the start: ask until the answer has it.
        let answer = /Idle, heart rate \d+, GPS fix\./
        let deadline = ContinuousClock.now + TestDeadline.hang
        while hub.standardOutput.firstMatch(of: answer) == nil, ContinuousClock.now < deadline {
            hub.send("status now")
            try await Task.sleep(for: .milliseconds(200))  // the pace of asking, not an ordering wait
        }
        #expect(hub.standardOutput.firstMatch(of: answer) != nil, "\(hub.standardOutput)")
        hub.send("quit")
        #expect(try await hub.waitForExit() == 0, "stderr: \(hub.standardError)")
    }
}
