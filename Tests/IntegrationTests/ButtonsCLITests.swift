import BlueZTestKit
import Foundation
import HubTestKit
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The buttons plugin in the real `stayfit`: `struct input_event` records written into a FIFO that stands in for
/// `/dev/input/event*` (there is no /dev/uinput here).
@Suite struct ButtonsCLITests {
    @Test func pressesStartLapAskForStatusAndStopAWorkoutInTheRunningHub() async throws {
        let scratch = try Scratch()
        let data = scratch.path("data")
        let fifo = try InputEventFIFO(scratch.path("buttons"))
        let config = try scratch.write(
            "stayfit.toml",
            """
            [plugins.simulator]
            workout = "manual"
            [plugins.console]
            mode = "lines"
            progress-every-seconds = 0
            [plugins.buttons]
            devices = ["\(fifo.path)"]
            [plugins.buttons.keys]
            KEY_ENTER = { short = "start-pause-resume", long = "stop" }
            KEY_L = { short = "lap" }
            KEY_I = { short = "status-now" }
            KEY_N = { short = "next-track" }
            """)
        let hub = try StayfitProcess(["run", "--simulate", "--config", config, "--data-dir", data])
        try await hub.waitForOutput("StayFit Hub is ready")
        let writer = try await fifo.openWriter()

        try writer.tap(28)
        try await hub.waitForOutput("Workout started.")
        // The simulator's readings reach the workout for a second or more before the lap: two seconds stored.
        try await hub.waitForOutput("Heart rate sensor (simulator): connected")
        let store = try scratch.store()
        try await eventually("two seconds of the workout stored before the lap", timeout: TestDeadline.hang) {
            guard let workout = try await store.unfinishedWorkout() else { return false }
            return try await store.samples(of: workout.id).count >= 2
        }
        try writer.tap(38)
        try await hub.waitForOutput("Lap 1: ")
        try writer.tap(23)
        try await hub.waitForOutput("Recording 0:")
        try writer.tap(49)
        try await hub.waitForOutput("Next track.")
        // Held past the long-press time (800 ms of real time): stop and save.
        try writer.key(28, 1)
        try await Task.sleep(for: .milliseconds(1500))
        try writer.key(28, 0)
        try await hub.waitForOutput("Workout finished: ")
        hub.send("quit")
        #expect(try await hub.waitForExit() == 0, "stderr: \(hub.standardError)")

        let output = hub.standardOutput
        let order = ["Workout started.", "Lap 1: ", "Recording 0:", "Next track.", "Workout finished: "].map {
            output.range(of: $0)?.lowerBound
        }
        #expect(order.allSatisfy { $0 != nil } && order.compactMap { $0 } == order.compactMap { $0 }.sorted())
        let workouts = try await store.workouts()
        #expect(workouts.count == 1)
        let workout = try #require(workouts.first)
        #expect(workout.status == .finished)
        #expect(workout.totals.movingSeconds >= 2)
        #expect(try await store.laps(of: workout.id).count >= 1, "the lap pressed is stored")
    }

    @Test func buttonsTestShowsEachPressWithItsKeyKindAndAction() async throws {
        let scratch = try Scratch()
        let fifo = try InputEventFIFO(scratch.path("buttons"))
        let config = try scratch.write(
            "stayfit.toml",
            """
            [plugins.buttons]
            devices = ["\(fifo.path)"]
            [plugins.buttons.keys]
            KEY_PLAYPAUSE = { short = "start-pause-resume", long = "stop", double = "play-pause-music" }
            """)
        let test = try StayfitProcess(["buttons", "test", "--config", config, "--presses", "4"])
        try await test.waitForOutput("Listening for button presses on \(fifo.path)")
        let writer = try await fifo.openWriter()
        try writer.tap(164)
        try await test.waitForOutput("short  → start / pause / resume")
        try writer.key(164, 1)
        try await test.waitForOutput("long  → stop and save the workout")
        try writer.key(164, 0)
        try writer.tap(164)
        try writer.tap(164)
        try await test.waitForOutput("double  → music play / pause")
        try writer.tap(30)
        #expect(try await test.waitForExit() == 0, "stderr: \(test.standardError)")
        let lines = test.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.contains("Opened \(fifo.path) (not grabbed: not an input device)."))
        #expect(lines.contains("\(fifo.path)  KEY_PLAYPAUSE (164)  short  → start / pause / resume"))
        #expect(lines.contains("\(fifo.path)  KEY_PLAYPAUSE (164)  long  → stop and save the workout"))
        #expect(lines.contains("\(fifo.path)  KEY_PLAYPAUSE (164)  double  → music play / pause"))
        #expect(lines.contains("\(fifo.path)  KEY_A (30)  short  → nothing (not in the mapping)"))
    }

    @Test(arguments: [
        (
            "KEY_ENTRE = { short = \"lap\" }",
            "plugins.buttons.keys.KEY_ENTRE: \"KEY_ENTRE\" is not a key name or number"
        ),
        ("KEY_ENTER = { short = \"explode\" }", "plugins.buttons.keys.KEY_ENTER.short: \"explode\" is not an action"),
        ("28 = { long = \"lap\" }\nKEY_ENTER = { long = \"stop\" }", "is mapped twice"),
    ])
    func aBadMappingStopsTheHubWithStatus78AndItsLine(_ keys: String, _ message: String) async throws {
        let scratch = try Scratch()
        let config = try scratch.write(
            "stayfit.toml",
            "[plugins.console]\n[plugins.buttons]\ndevices = [\"/dev/null\"]\n[plugins.buttons.keys]\n\(keys)\n")
        let run = try await StayfitProcess.run(["run", "--config", config, "--data-dir", scratch.path("data")])
        #expect(run.status == 78)
        #expect(run.error.contains("stayfit.toml:5: ") || run.error.contains("stayfit.toml:6: "), "\(run.error)")
        #expect(run.error.contains(message), "\(run.error)")
        let check = try await StayfitProcess.run(["config", "check", config])
        #expect(check.status == 78)
        let test = try await StayfitProcess.run(["buttons", "test", "--config", config, "--seconds", "1"])
        #expect(test.status == 78)
    }

    @Test func buttonsTestRefusesAZeroPressCount() async throws {
        let bad = try await StayfitProcess.run(["buttons", "test", "--presses", "0", "--device", "/dev/null"])
        #expect(bad.status == 64)
    }

    @Test func theConsoleAsksForStatusNowAndPrintsTheAnswer() async throws {
        let scratch = try Scratch()
        let config = try scratch.write("stayfit.toml", "[plugins.console]\nmode = \"lines\"\n")
        let hub = try StayfitProcess(["run", "--config", config, "--data-dir", scratch.path("data")])
        try await hub.waitForOutput("StayFit Hub is ready")
        hub.send("status now")
        try await hub.waitForOutput(" Idle.")
        hub.send("quit")
        #expect(try await hub.waitForExit() == 0)
    }
}
