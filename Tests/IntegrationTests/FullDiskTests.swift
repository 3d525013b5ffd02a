import BlueZTestKit
import Foundation
import HubStore
import Testing

/// The built hub on storage that stops taking writes, for real: a small tmpfs that fills up, and an ext4 file
/// system that the kernel remounts read-only after an error (`errors=remount-ro`, as an SD card going bad). The hub
/// says so, records on in memory, saves what it held once it can, says at shutdown what it could not save, and what
/// was stored stays whole (`PRAGMA integrity_check`, checked by Python's sqlite3 from the test venv).
///
/// Needs root (mount), as CI has.
@Suite(.serialized, .timeLimit(.minutes(5))) struct FullDiskTests {
    static let configuration = """
        [workout]
        resume-within-minutes = 0

        [plugins.simulator]
        workout = "manual"

        [plugins.console]
        mode = "lines"
        progress-every-seconds = 0
        """

    @Test func aFullDiskIsAnnouncedTheWorkoutGoesOnInMemoryAndIsSavedWholeOnceThereIsRoom() async throws {
        let scratch = try Scratch()
        let config = try scratch.write("stayfit.toml", Self.configuration)
        try await Storage.withTmpfs(at: scratch.path("disk")) { disk in
            let data = disk + "/data"
            let hub = try StayfitProcess(["run", "--simulate", "--config", config, "--data-dir", data])
            try await hub.waitForOutput("StayFit Hub is ready")
            hub.send("start")
            try await hub.waitForOutput("Workout started.")
            try await Task.sleep(for: .milliseconds(2_000))

            try Storage.fill(disk + "/filler")
            try await hub.waitForOutput("Cannot save the workout: the disk is full.")
            #expect(hub.standardError.contains("cannot save the workout: the disk is full"), "\(hub.standardError)")
            #expect(hub.standardError.contains("Free some space"), "the log says what to do: \(hub.standardError)")
            // Seconds go on in memory meanwhile.
            try await Task.sleep(for: .milliseconds(3_000))

            try FileManager.default.removeItem(atPath: disk + "/filler")
            try await hub.waitForOutput("Workout data is being saved again.")
            hub.send("stop")
            try await hub.waitForOutput("Workout finished")
            hub.send("quit")
            #expect(try await hub.waitForExit() == 0, "stderr: \(hub.standardError)")
            #expect(!hub.standardOutput.contains("Not saved"), "\(hub.standardOutput)")

            try await Storage.expectWhole(data + "/stayfit.sqlite")
            let store = try HubStore(directory: URL(fileURLWithPath: data))
            let workouts = try await store.workouts()
            #expect(workouts.count == 1)
            let workout = try #require(workouts.first)
            #expect(workout.status == .finished)
            let samples = try await store.samples(of: workout.id)
            // Every second, those recorded while the disk was full included (at least the 3 s of waiting).
            #expect(samples.count >= 6, "\(samples.count) seconds")
            #expect(samples.map(\.second) == Array(1...max(1, samples.count)))
            #expect(workout.totals.movingSeconds == samples.count)
        }
    }

    @Test func aHubStoppedWhileTheDiskIsFullSaysWhatItCouldNotSaveAndTheStoredPartIsRecovered() async throws {
        let scratch = try Scratch()
        let config = try scratch.write("stayfit.toml", Self.configuration)
        try await Storage.withTmpfs(at: scratch.path("disk")) { disk in
            let data = disk + "/data"
            let hub = try StayfitProcess(["run", "--simulate", "--config", config, "--data-dir", data])
            try await hub.waitForOutput("StayFit Hub is ready")
            hub.send("start")
            try await hub.waitForOutput("Workout started.")
            try await Task.sleep(for: .milliseconds(2_000))
            try Storage.fill(disk + "/filler")
            try await hub.waitForOutput("Cannot save the workout: the disk is full.")
            hub.send("stop")
            try await hub.waitForOutput("Workout finished")
            hub.send("quit")
            try await hub.waitForOutput("Not saved: the last ")
            #expect(try await hub.waitForExit() == 0, "stderr: \(hub.standardError)")
            #expect(hub.standardOutput.contains("and its finish, because the disk is full."), "\(hub.standardOutput)")
            #expect(hub.standardError.contains("the hub stops with workout data it could not save"))

            // Space back; what was stored before the disk filled is whole and is recovered at the next start.
            try FileManager.default.removeItem(atPath: disk + "/filler")
            try await Storage.expectWhole(data + "/stayfit.sqlite")
            let store = try HubStore(directory: URL(fileURLWithPath: data))
            let stored = try #require(try await store.unfinishedWorkout())
            let samples = try await store.samples(of: stored.id)
            #expect(samples.count >= 1)
            #expect(samples.map(\.second) == Array(1...max(1, samples.count)))

            let again = try StayfitProcess(["run", "--config", config, "--data-dir", data])
            try await again.waitForOutput("Closed the interrupted workout")
            again.send("quit")
            #expect(try await again.waitForExit() == 0, "stderr: \(again.standardError)")
            let closed = try #require(try await store.workout(stored.id))
            #expect(closed.status == .finished)
            #expect(closed.totals.movingSeconds == samples.count)
            #expect(try await store.samples(of: stored.id) == samples, "nothing stored was changed")
            try await Storage.expectWhole(data + "/stayfit.sqlite")
        }
    }

    @Test func storageTheKernelTurnsReadOnlyIsAnnouncedAndWhatWasStoredStaysWhole() async throws {
        let scratch = try Scratch()
        let config = try scratch.write("stayfit.toml", Self.configuration)
        let image = scratch.path("card.img")
        let disk = scratch.path("card")
        try await Storage.run("/usr/bin/truncate", ["-s", "32M", image])
        try await Storage.run("/usr/sbin/mkfs.ext4", ["-q", "-F", image])
        try FileManager.default.createDirectory(atPath: disk, withIntermediateDirectories: true)
        try await Storage.withMount(["-o", "loop,errors=remount-ro", image, disk], at: disk) {
            let data = disk + "/data"
            let hub = try StayfitProcess(["run", "--simulate", "--config", config, "--data-dir", data])
            try await hub.waitForOutput("StayFit Hub is ready")
            hub.send("start")
            try await hub.waitForOutput("Workout started.")
            try await Task.sleep(for: .milliseconds(2_000))

            // What is on the card when it fails: SQLite's WAL commits (synchronous = NORMAL) reach the card with
            // the kernel's writeback, and an emergency read-only drops what had not, as a power cut would.
            sync()
            // An ext4 error, as a failing card gives: the kernel remounts the file system read-only at once.
            try Storage.triggerExt4Error(mountedAt: disk)
            try await hub.waitForOutput("Cannot save the workout: the storage is read-only.")
            #expect(hub.standardError.contains("cannot save the workout: the storage is read-only"))
            // The hub goes on: commands work and seconds are counted.
            try await Task.sleep(for: .milliseconds(2_000))
            hub.send("stop")
            try await hub.waitForOutput("Workout finished")
            hub.send("quit")
            try await hub.waitForOutput("Not saved: the last ")
            #expect(try await hub.waitForExit() == 0, "stderr: \(hub.standardError)")
            #expect(hub.standardOutput.contains("because the storage is read-only."), "\(hub.standardOutput)")
        }
        // As the Raspberry Pi does at the next boot: check the file system, mount it again.
        let fsck = try await Storage.run("/usr/sbin/e2fsck", ["-f", "-y", image], allowing: [0, 1])
        #expect([0, 1].contains(fsck))
        try await Storage.withMount(["-o", "loop", image, disk], at: disk) {
            let data = disk + "/data"
            try await Storage.expectWhole(data + "/stayfit.sqlite")
            let store = try HubStore(directory: URL(fileURLWithPath: data))
            let stored = try #require(try await store.unfinishedWorkout())
            let samples = try await store.samples(of: stored.id)
            #expect(samples.count >= 1)
            #expect(samples.map(\.second) == Array(1...max(1, samples.count)))
            let again = try StayfitProcess(["run", "--config", config, "--data-dir", data])
            try await again.waitForOutput("Closed the interrupted workout")
            again.send("quit")
            #expect(try await again.waitForExit() == 0, "stderr: \(again.standardError)")
            #expect(try await store.workout(stored.id)?.totals.movingSeconds == samples.count)
            try await Storage.expectWhole(data + "/stayfit.sqlite")
        }
    }

    /// A WAV cut off by a full disk is never reported as done, nor left at its path: `audio test --device FILE` and
    /// `demo --audio-out` record into a folder with room for well under a second of sound (44.1 kHz stereo).
    @Test(arguments: [
        ["audio", "test", "--device"], ["demo", "--minutes", "2", "--speed", "120", "--audio-out"],
    ])
    func aRecordingCutOffByAFullDiskFailsAndLeavesNoFile(_ command: [String]) async throws {
        let scratch = try Scratch()
        try await Storage.withTmpfs(at: scratch.path("disk")) { disk in
            try Storage.fill(disk + "/filler", leaving: 64 * 1024)
            let output = disk + "/sound.wav"
            let result = try await StayfitProcess.run(command + [output])
            #expect(result.status == 1, "stdout: \(result.output)\nstderr: \(result.error)")
            #expect(!result.output.contains("Done."))
            #expect(
                result.error.contains(
                    "error: cannot write \(output): No space left on device; nothing was written there. Free some "
                        + "space, or write it elsewhere"), "\(result.error)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: disk) == ["filler"], "no file, no leftovers")
        }
    }
}

/// Mounts, fills and checks file systems for the tests, with the system's own tools.
enum Storage {
    /// Runs `tool arguments` to its end without blocking a thread; fails the test unless it exits with one of
    /// `allowing`. Returns the exit status.
    @discardableResult
    static func run(_ tool: String, _ arguments: [String], allowing: Set<Int32> = [0]) async throws -> Int32 {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("stayfit-tool-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: log) }
        let child = try ChildProcess.spawn(tool, arguments, stderrPath: log.path)
        let status = try await child.exitCode(within: TestDeadline.hang)
        let errors = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        guard let status, allowing.contains(status) else {
            throw HarnessError(
                "\(tool) \(arguments.joined(separator: " ")) failed (\(status.map { "\($0)" } ?? "no exit")): \(errors)"
            )
        }
        return status
    }

    /// Mounts with `mount arguments`, runs `body`, and unmounts `point` whatever happened.
    static func withMount(_ arguments: [String], at point: String, _ body: () async throws -> Void) async throws {
        try await run("/usr/bin/mount", arguments)
        do {
            try await body()
        } catch {
            _ = try? await run("/usr/bin/umount", ["-l", point])
            throw error
        }
        // A lazy unmount when the plain one finds the file system busy: what holds it is not the hub under test
        // (it has exited), but a file another test's child process inherited or a connection the test's own store
        // is still closing; detached, the file system goes once they let go, and the test is not about unmounting.
        if (try? await run("/usr/bin/umount", [point])) == nil {
            try await run("/usr/bin/umount", ["-l", point])
        }
    }

    /// A 4 MiB tmpfs at `point` (made), for `body`.
    static func withTmpfs(at point: String, _ body: (String) async throws -> Void) async throws {
        try FileManager.default.createDirectory(atPath: point, withIntermediateDirectories: true)
        try await withMount(["-t", "tmpfs", "-o", "size=4m,mode=0755", "tmpfs", point], at: point) {
            try await body(point)
        }
    }

    /// Writes `path` until the file system has no room left, then gives `leaving` bytes back.
    static func fill(_ path: String, leaving: Int) throws {
        try fill(path)
        var status = stat()
        guard stat(path, &status) == 0, truncate(path, max(0, status.st_size - off_t(leaving))) == 0 else {
            throw HarnessError("cannot shorten \(path): \(String(cString: strerror(errno)))")
        }
    }

    /// Writes `path` until the file system has no room left.
    static func fill(_ path: String) throws {
        // Close-on-exec: a child that a parallel test starts meanwhile must not keep the file system busy.
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw HarnessError("cannot create \(path): \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        let chunk = [UInt8](repeating: 0xA5, count: 4096)
        while true {
            let written = chunk.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                guard errno == ENOSPC else {
                    throw HarnessError("filling \(path): \(String(cString: strerror(errno)))")
                }
                return
            }
            if written < chunk.count { return }
        }
    }

    /// Makes ext4 report an error on the file system mounted at `point` (through sysfs), so that with
    /// `errors=remount-ro` the kernel turns it read-only, as it does for a failing SD card.
    static func triggerExt4Error(mountedAt point: String) throws {
        let mounts = try String(contentsOfFile: "/proc/self/mounts", encoding: .utf8)
        let resolved = URL(fileURLWithPath: point).resolvingSymlinksInPath().path
        guard
            let line = mounts.split(separator: "\n").last(where: {
                let fields = $0.split(separator: " ")
                return fields.count > 2 && (fields[1] == point || fields[1] == resolved) && fields[2] == "ext4"
            })
        else { throw HarnessError("no ext4 file system mounted at \(point):\n\(mounts)") }
        let device = URL(fileURLWithPath: String(line.split(separator: " ")[0])).lastPathComponent
        let trigger = "/sys/fs/ext4/\(device)/trigger_fs_error"
        guard let handle = FileHandle(forWritingAtPath: trigger) else {
            throw HarnessError("cannot open \(trigger): this kernel's ext4 has no error trigger")
        }
        defer { try? handle.close() }
        try handle.write(contentsOf: Data("stayfit test: a failing card\n".utf8))
    }

    /// `PRAGMA integrity_check` is "ok", as Python's own sqlite3 sees the file.
    static func expectWhole(_ database: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let python = InstallTests.repository.appendingPathComponent(".build/test-venv/bin/python").path
        guard FileManager.default.isExecutableFile(atPath: python) else {
            Issue.record("no \(python): run scripts/test-venv first", sourceLocation: sourceLocation)
            throw HarnessError("no test venv")
        }
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("stayfit-check-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        try await run(
            python,
            [
                "-c",
                "import sqlite3, sys; open(sys.argv[2], 'w').write(sqlite3.connect(sys.argv[1])"
                    + ".execute('PRAGMA integrity_check').fetchone()[0])",
                database, output.path,
            ])
        let result = try String(contentsOf: output, encoding: .utf8)
        #expect(result == "ok", "integrity_check of \(database): \(result)", sourceLocation: sourceLocation)
    }
}
