import Foundation
import HubStore
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
        let locker = Process()
        locker.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        locker.arguments = [
            "-c",
            """
            import sqlite3, sys, time
            db = sqlite3.connect(sys.argv[1], isolation_level=None)
            db.execute("BEGIN IMMEDIATE")
            print("locked", flush=True)
            time.sleep(10)
            db.execute("ROLLBACK")
            """,
            database,
        ]
        let lockerOutput = Pipe()
        locker.standardOutput = lockerOutput
        try locker.run()
        let line = await firstLine(of: lockerOutput.fileHandleForReading)
        #expect(line.hasPrefix("locked"))
        let lockedAt = ContinuousClock.now

        // While it holds the lock: each command goes through the bus to the engine and back to the console.
        for (command, answer) in [("pause", "Workout paused."), ("resume", "Workout resumed."), ("lap", "Lap 1:")] {
            let sent = ContinuousClock.now
            hub.send(command)
            try await hub.waitForOutput(answer, timeout: .seconds(5))
            // Well under the 10 s the lock is held (a console waiting for the store would wait that long), with
            // room for a machine busy running the rest of the test suite.
            #expect(
                ContinuousClock.now - sent < .milliseconds(2500),
                "'\(command)' answered after \(ContinuousClock.now - sent)")
        }
        #expect(ContinuousClock.now - lockedAt < .seconds(8), "all of it happened while the lock was held")

        // Wait for the lock to go without blocking a cooperative thread (waitUntilExit would hold one for seconds).
        while locker.isRunning { try await Task.sleep(for: .milliseconds(50)) }
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

/// The first line `handle` gives, read on a thread of its own: a blocking read never runs on the cooperative pool.
private func firstLine(of handle: FileHandle) async -> String {
    await withCheckedContinuation { continuation in
        let thread = Thread {
            var bytes: [UInt8] = []
            while let chunk = try? handle.read(upToCount: 1), let byte = chunk.first, byte != UInt8(ascii: "\n") {
                bytes.append(byte)
            }
            continuation.resume(returning: String(decoding: bytes, as: UTF8.self))
        }
        thread.start()
    }
}
