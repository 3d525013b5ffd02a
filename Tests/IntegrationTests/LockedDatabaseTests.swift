import BlueZTestKit
import Foundation
import HubStore
import HubTestKit
import Testing

/// Another process holding the database's write lock (a `stayfit reset` compacting it, a backup, a second
/// program) must not stall the hub: its store calls suspend on GRDB's own thread, never on a cooperative one.
@Suite(.serialized) struct LockedDatabaseTests {
    @Test func aWriteLockHeldByAnotherProcessDelaysNeitherTheConsoleNorTheWorkout() async throws {
        let scratch = try Scratch()
        let config = try scratch.write(
            "stayfit.toml",
            """
            [plugins.simulator]
            [plugins.console]
            mode = "lines"
            progress-every-seconds = 1
            """)
        let hub = try StayfitProcess(["run", "--simulate", "--config", config, "--data-dir", scratch.path("data")])
        try await hub.waitForOutput("StayFit Hub is ready")
        hub.send("start")
        try await hub.waitForOutput("Workout started.")

        // A real second process: Python's sqlite3 takes the write lock and keeps it until the test lets it go, once
        // every answer has come: a console that waited for the store could only answer after that.
        let database = scratch.path("data/\(HubStore.fileName)")
        let lockerOutput = try CollectedOutput(name: "locker-stdout")
        let lockerInput = try ChildInput()
        let locker = try ChildProcess.spawn(
            "/usr/bin/python3",
            [
                "-c",
                """
                import sqlite3, sys, time
                db = sqlite3.connect(sys.argv[1], isolation_level=None)
                db.execute("BEGIN IMMEDIATE")
                print("locked", flush=True)
                sys.stdin.readline()
                print("letting go", flush=True)
                db.execute("ROLLBACK")
                """,
                database,
            ], stdin: lockerInput.readEnd, stdout: lockerOutput.writeEnd)
        defer { locker.stop() }
        lockerOutput.closeWriteEnd()
        lockerInput.closeReadEnd()
        let deadline = ContinuousClock.now + TestDeadline.hang
        while !lockerOutput.text.contains("locked") {
            try #require(ContinuousClock.now < deadline, "the locker never took the lock: \(lockerOutput.text)")
            try await Task.sleep(for: .milliseconds(20))
        }

        // While it holds the lock, each command goes through the bus to the engine and back to the console.
        for (command, answer) in [("pause", "Workout paused."), ("resume", "Workout resumed."), ("lap", "Lap 1:")] {
            hub.send(command)
            try await hub.waitForOutput(answer, timeout: TestDeadline.hang)
        }
        // And the workout goes on: six more seconds pass (the console's line each second) before the lock goes.
        let seconds = { hub.standardOutput.components(separatedBy: " running ").count - 1 }
        let secondsBefore = seconds()
        try await eventually("six seconds of the workout while the lock is held") { seconds() >= secondsBefore + 6 }
        #expect(!lockerOutput.text.contains("letting go"), "the locker let go by itself: \(lockerOutput.text)")
        #expect(lockerInput.write("go\n"), "the locker went away while the hub answered")

        // The lock goes with the locker.
        #expect(try await locker.exitCode(within: TestDeadline.hang) == 0, "the locker: \(lockerOutput.text)")
        hub.send("stop")
        try await hub.waitForOutput("Workout finished")
        hub.send("quit")
        #expect(try await hub.waitForExit() == 0)

        // What was recorded during the lock reached the database afterwards, every second once.
        let store = try scratch.store()
        let workout = try #require(try await store.workouts().first)
        #expect(workout.status == .finished)
        let samples = try await store.samples(of: workout.id)
        #expect(samples.map(\.second) == Array(1...max(samples.count, 1)))
        #expect(samples.count == workout.totals.movingSeconds)
        #expect(samples.count >= 6, "the six seconds recorded while the lock was held are stored")
    }
}
