import BlueZTestKit
import Foundation
import HubStore
import HubTestKit
import Testing

/// Another process holding the database's write lock (a `stayfit reset` compacting it, a backup, a second
/// program) must not stall the hub: its store calls suspend on GRDB's own thread, never on a cooperative one.
@Suite(.serialized) struct LockedDatabaseTests {
    @Test func aTenSecondWriteLockInAnotherProcessDelaysNeitherTheConsoleNorTheWorkout() async throws {
        let scratch = try Scratch()
        let config = try scratch.write(
            "stayfit.toml",
            """
            [plugins.simulator]
            [plugins.console]
            mode = "lines"
            progress-every-seconds = 0
            """)
        let hub = try StayfitProcess(["run", "--simulate", "--config", config, "--data-dir", scratch.path("data")])
        try await hub.waitForOutput("StayFit Hub is ready")
        hub.send("start")
        try await hub.waitForOutput("Workout started.")

        // A real second process: Python's sqlite3 takes the write lock and keeps it for ten seconds.
        let database = scratch.path("data/\(HubStore.fileName)")
        let lockerOutput = try CollectedOutput(name: "locker-stdout")
        let locker = try ChildProcess.spawn(
            "/usr/bin/python3",
            [
                "-c",
                """
                import sqlite3, sys, time
                db = sqlite3.connect(sys.argv[1], isolation_level=None)
                db.execute("BEGIN IMMEDIATE")
                print("locked", flush=True)
                time.sleep(10)
                print("letting go", flush=True)
                db.execute("ROLLBACK")
                """,
                database,
            ], stdout: lockerOutput.writeEnd)
        defer { locker.stop() }
        lockerOutput.closeWriteEnd()
        let deadline = ContinuousClock.now + .seconds(30)
        while !lockerOutput.text.contains("locked") {
            try #require(ContinuousClock.now < deadline, "the locker never took the lock: \(lockerOutput.text)")
            try await Task.sleep(for: .milliseconds(20))
        }

        // While it holds the lock: each command goes through the bus to the engine and back to the console, and
        // is answered before the locker lets go (a console waiting for the store would be answered only after).
        // What is asked is the order, not a time: a busy machine answers late but still first.
        for (command, answer) in [("pause", "Workout paused."), ("resume", "Workout resumed."), ("lap", "Lap 1:")] {
            let sent = ContinuousClock.now
            hub.send(command)
            try await hub.waitForOutput(answer, timeout: .seconds(20))
            #expect(
                !lockerOutput.text.contains("letting go"),
                "'\(command)' was answered only after the lock was let go, \(ContinuousClock.now - sent) after it was sent"
            )
        }

        // The lock goes with the locker.
        #expect(try await locker.exitCode(within: .seconds(60)) == 0, "the locker: \(lockerOutput.text)")
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
        #expect(samples.count >= 8, "the seconds of the ten locked seconds are stored")
    }
}
