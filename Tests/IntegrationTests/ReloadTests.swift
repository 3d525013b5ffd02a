import BlueZTestKit
import Foundation
import HubStore
import Testing

/// `systemctl reload stayfit` (SIGHUP) on the built hub: a changed plugin restarts with its new table while a workout
/// goes on; a file with an error is refused and the hub keeps the configuration it has.
@Suite(.serialized, .timeLimit(.minutes(5))) struct ReloadTests {
    /// A real-time simulated workout, the console in line mode; `progress` seconds between its progress lines.
    static func configuration(progress: Int, extra: String = "") -> String {
        """
        [plugins.simulator]
        workout = "manual"

        [plugins.console]
        mode = "lines"
        progress-every-seconds = \(progress)
        \(extra)
        """
    }

    @Test func theChangedPluginRestartsWithItsNewTableAndTheWorkoutGoesOn() async throws {
        let scratch = try Scratch()
        let config = try scratch.write("stayfit.toml", Self.configuration(progress: 0))
        let hub = try StayfitProcess(["run", "--simulate", "--config", config, "--data-dir", scratch.path("data")])
        try await hub.waitForOutput("StayFit Hub is ready")
        hub.send("start")
        try await hub.waitForOutput("Workout started.")
        // Seconds stored before the reload: the hub labels a second at its end, so the first of three is two
        // seconds before the reload at least.
        let store = try scratch.store()
        try await eventually("three seconds of the workout stored before the reload", timeout: TestDeadline.hang) {
            try await Self.storedSamples(in: store).count >= 3
        }

        // Progress lines every second from now on: only the console's table changes.
        _ = try scratch.write("stayfit.toml", Self.configuration(progress: 1))
        let reloadedAt = Date()
        kill(hub.processIdentifier, SIGHUP)
        try await hub.waitForLog("plugin restarted with its new configuration")
        // The new console prints progress lines, which the old one was told not to.
        try await hub.waitForOutput("running ")
        // Restarted again and again, the console alone restarts each time and the hub stays up.
        for (count, progress) in [(2, 2), (3, 1), (4, 3), (5, 1)] {
            _ = try scratch.write("stayfit.toml", Self.configuration(progress: progress))
            kill(hub.processIdentifier, SIGHUP)
            try await hub.waitForLog("plugin restarted with its new configuration", count: count)
        }
        // The workout went on through the reloads: a second stored more than a second after the first of them.
        try await eventually("a second stored more than a second after the reload", timeout: TestDeadline.hang) {
            try await Self.storedSamples(in: store).contains { $0.recordedAt > reloadedAt.addingTimeInterval(1) }
        }
        // … and it takes commands.
        hub.send("stop")
        try await hub.waitForOutput("Workout finished")
        hub.send("quit")
        #expect(try await hub.waitForExit() == 0, "stderr: \(hub.standardError)")

        let log = hub.standardError
        #expect(log.contains("restarted=console"), "stderr: \(log)")
        #expect(!log.contains("restarted=console,simulator") && !log.contains("restarted=simulator"))
        // The simulator ran on: it started once (a restart would start its recording again).
        #expect(log.components(separatedBy: "simulating").count - 1 == 1, "stderr: \(log)")
        #expect(log.components(separatedBy: "workout started").count - 1 == 1, "stderr: \(log)")

        let workouts = try await store.workouts()
        #expect(workouts.count == 1, "one workout from start to stop: \(workouts.map(\.id))")
        let workout = try #require(workouts.first)
        #expect(workout.status == .finished)
        let samples = try await store.samples(of: workout.id)
        // Every second from the first to the last, before and after the reload.
        #expect(samples.map(\.second) == Array(1...max(1, samples.count)))
        #expect(workout.totals.movingSeconds == samples.count)
        #expect(samples.contains { $0.recordedAt < reloadedAt.addingTimeInterval(-1) }, "seconds before the reload")
        #expect(samples.contains { $0.recordedAt > reloadedAt.addingTimeInterval(1) }, "seconds after the reload")
        // Readings went on through the reload: heart rate in every second after the first.
        #expect(samples.dropFirst().allSatisfy { $0.heartRate != nil }, "a gap: \(samples.map(\.heartRate))")
    }

    /// The seconds stored so far of the workout under way (none before it started).
    static func storedSamples(in store: HubStore) async throws -> [WorkoutSample] {
        guard let workout = try await store.unfinishedWorkout() else { return [] }
        return try await store.samples(of: workout.id)
    }

    /// A syntax error, and a plugin table that the plugin refuses.
    static let brokenFiles = [
        configuration(progress: 1) + "\n[plugins.console\n",
        configuration(progress: 1, extra: "colour = \"blue\""),
    ]

    @Test(arguments: brokenFiles)
    func aFileWithAnErrorIsRefusedAndTheOldConfigurationStays(_ broken: String) async throws {
        let scratch = try Scratch()
        let config = try scratch.write("stayfit.toml", Self.configuration(progress: 0))
        let systemd = try NotifySocket(path: scratch.path("notify"))
        let hub = try StayfitProcess(
            ["run", "--simulate", "--config", config, "--data-dir", scratch.path("data")],
            environment: ["NOTIFY_SOCKET": systemd.path])
        // READY=1 once the plugins started; on a loaded machine a status datagram may come before it.
        var early: [String] = []
        while !early.contains(where: { $0.split(separator: "\n").contains("READY=1") }) {
            early.append(try #require(await systemd.receive(), "datagrams: \(early)").text)
        }

        _ = try scratch.write("stayfit.toml", broken)
        kill(hub.processIdentifier, SIGHUP)
        try await hub.waitForLog("configuration not reloaded")
        // The log names the file, so the person can fix it.
        #expect(hub.standardError.contains("error=\(config):"), "stderr: \(hub.standardError)")
        var datagrams: [String] = []
        while !datagrams.contains(where: { $0.contains("\nSTATUS=configuration not reloaded: \(config):") }) {
            datagrams.append(try #require(await systemd.receive(), "datagrams: \(datagrams)").text)
        }
        #expect(datagrams.contains("RELOADING=1"))

        // The hub goes on as it was: nothing restarted, the console still without progress lines. Three seconds of
        // progress were published before the stop, and the console shows what it is sent in order: had it taken the
        // broken file's `progress-every-seconds = 1`, their lines would be out before "Workout finished".
        hub.send("start")
        try await hub.waitForOutput("Workout started.")
        let store = try scratch.store()
        try await eventually("three seconds of the workout stored", timeout: TestDeadline.hang) {
            try await Self.storedSamples(in: store).count >= 3
        }
        hub.send("stop")
        try await hub.waitForOutput("Workout finished")
        #expect(!hub.standardOutput.contains("running "), "stdout: \(hub.standardOutput)")
        #expect(!hub.standardError.contains("plugin restarted"), "stderr: \(hub.standardError)")

        // Fixed, the file is taken: the status says so.
        _ = try scratch.write("stayfit.toml", Self.configuration(progress: 1))
        kill(hub.processIdentifier, SIGHUP)
        try await hub.waitForLog("plugin restarted with its new configuration")
        while !datagrams.contains("READY=1\nSTATUS=configuration reloaded") {
            datagrams.append(try #require(await systemd.receive(), "datagrams: \(datagrams)").text)
        }
        hub.send("quit")
        #expect(try await hub.waitForExit() == 0, "stderr: \(hub.standardError)")
    }
}
