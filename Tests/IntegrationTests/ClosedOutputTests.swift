import Foundation
import HubStore
import Testing

/// `stayfit run | head -1`: standard output's reader goes away while the hub runs. SIGPIPE used to kill the hub
/// (exit 141) in the middle of the workout, which stayed marked running; now the console stops printing and the
/// hub goes on.
@Suite(.serialized, .timeLimit(.minutes(5))) struct ClosedOutputTests {
    enum Ending: String, CaseIterable, Sendable { case quit, sigterm }

    @Test(arguments: Ending.allCases)
    func theHubOutlivesItsStandardOutputAndFinishesTheWorkout(_ ending: Ending) async throws {
        let scratch = try Scratch()
        let config = try scratch.write("stayfit.toml", ReloadTests.configuration(progress: 1))
        let screen = Pipe()
        let hub = try StayfitProcess(
            ["run", "--simulate", "--config", config, "--data-dir", scratch.path("data")],
            standardOutput: screen.fileHandleForWriting.fileDescriptor)
        try screen.fileHandleForWriting.close()
        try await hub.waitForLog("ready")
        // The reader goes, as `head -1` does after its line: every write from now on meets a closed pipe.
        try screen.fileHandleForReading.close()

        hub.send("start")
        try await hub.waitForLog("workout started")
        try await hub.waitForLog("standard output went away; the console stops printing and the hub goes on")
        // Still taking commands (the console prints what `status` asks for into the void), with the workout under
        // way; then asked to stop, the hub finishes the workout as ever.
        hub.send("status")
        switch ending {
        case .quit: hub.send("quit")
        case .sigterm: kill(hub.processIdentifier, SIGTERM)
        }
        #expect(try await hub.waitForExit() == 0, "stderr: \(hub.standardError)")
        #expect(
            hub.standardError.components(separatedBy: "standard output went away").count - 1 == 1,
            "said once: \(hub.standardError)")

        let store = try scratch.store()
        let workouts = try await store.workouts()
        #expect(workouts.map(\.status) == [.finished], "stderr: \(hub.standardError)")
        #expect(workouts.first?.recovery == nil, "finished by the hub itself, not closed after a crash")
    }
}
