import BlueZTestKit
import Foundation
import HubStore
import Testing

/// What a careless or hostile user tried on the built `stayfit`: nothing of it may crash, hang, fill memory
/// or write escape sequences to the terminal.
@Suite(.serialized) struct HostileInputTests {
    @Test(arguments: [
        ["goals", "set", "steps", "99999999999999999999"], ["goals", "set", "distance", "1000000km"],
        ["goals", "set", "duration", "100000h"], ["goals", "set", "kcal", "1e400"],
        ["goals", "set", "kcal", "99999999999999999999"],
    ])
    func anAbsurdGoalIsRefusedAndNothingIsStored(arguments: [String]) async throws {
        let scratch = try Scratch()
        let result = try await StayfitProcess.run(arguments + ["--data-dir", scratch.path("data")])
        #expect(result.status == 65, "stderr: \(result.error)")
        #expect(result.error.hasPrefix("error: Enter Proper "), "stderr: \(result.error)")
        #expect(result.error.contains(": \"\(arguments[3])\" is "), "stderr: \(result.error)")
        await #expect(try scratch.store().activeGoal() == nil)
    }

    /// A database from before the limits may hold any goal: showing it must not trap.
    @Test(arguments: [
        (Goal(kind: .steps, target: 1e20), "Goal: 100000000000000000000 steps"),
        (Goal(kind: .duration, target: 1e20), "Goal: duration 2562047788015215:30:07"),
        (Goal(kind: .distance, target: 1e300), "Goal: distance "),
        (Goal(kind: .kcal, target: 1e20), "Goal: 100000000000000000000 kcal"),
    ])
    func anAbsurdStoredGoalIsShown(goal: Goal, shown: String) async throws {
        let scratch = try Scratch()
        try await scratch.store().setActiveGoal(goal)
        let result = try await StayfitProcess.run(["goals", "--data-dir", scratch.path("data")])
        #expect(result.status == 0, "stderr: \(result.error)")
        #expect(result.output.hasPrefix(shown), "stdout: \(result.output)")
    }

    @Test(arguments: [
        ["goals", "--data-dir", ""], ["goals", "set", "steps", "8000", "--data-dir", ""],
        ["workouts", "--data-dir", " "],
        ["reset", "--yes", "--data-dir", ""], ["run", "--data-dir", ""], ["demo", "--data-dir", ""],
        ["demo", "--file", ""],
    ])
    func anEmptyDirectoryOrFileIsAUsageError(arguments: [String]) async throws {
        let scratch = try Scratch()
        // Where an empty --data-dir used to lead: the home directory's default.
        let home = scratch.path("home")
        let result = try await StayfitProcess.run(
            arguments, environment: ["HOME": home, "XDG_DATA_HOME": "", "STATE_DIRECTORY": "", "STAYFIT_CONFIG": ""])
        #expect(result.status == 64, "stderr: \(result.error)")
        #expect(result.error.contains("needs a"), "stderr: \(result.error)")
        #expect(!FileManager.default.fileExists(atPath: home), "nothing was created in the home directory")
    }

    @Test func configCheckOfAnEndlessDeviceRefusesItUnread() async throws {
        let result = try await StayfitProcess.run(["config", "check", "/dev/zero"], timeout: TestDeadline.hang)
        #expect(result.status == 78)
        #expect(
            result.error == "error: /dev/zero: the configuration file is a device, not a regular file. "
                + "Give the path of a regular file, or start from the sample etc/stayfit.toml.\n")
    }

    @Test func configCheckEchoesNoControlCharactersAndNoHugeValue() async throws {
        let scratch = try Scratch()
        let escape = try scratch.write("escape.toml", "[hub]\nlog-level = \"\\u001B[2J\\u001B[31mred\"\n")
        let escaped = try await StayfitProcess.run(["config", "check", escape])
        #expect(escaped.status == 78)
        // Refused as it is read, with its line: a configuration string takes no control character but tab and newline.
        #expect(escaped.error.contains("escape.toml:2: the escape \\u001B in a string"), "stderr: \(escaped.error)")
        #expect(!escaped.error.contains("\u{1B}"))

        let big = try scratch.write(
            "big.toml", "[hub]\nlog-level = \"" + String(repeating: "x", count: 1_000_000) + "\"\n")
        let long = try await StayfitProcess.run(["config", "check", big])
        #expect(long.status == 78)
        #expect(long.error.count < 500, "\(long.error.count) characters on stderr")
    }

    @Test func aRecordingOfIntMaxSecondsFailsTheCheckInsteadOfCrashingTheHub() async throws {
        let scratch = try Scratch()
        _ = try scratch.write("run.csv", "seconds,heart_rate\n0,90\n9223372036854775807,91\n")
        let config = try scratch.write("stayfit.toml", "[plugins.simulator]\nfile = \"run.csv\"\n")
        let check = try await StayfitProcess.run(["config", "check", config])
        #expect(check.status == 78)
        #expect(
            check.error.contains("run.csv:3: seconds \"9223372036854775807\" is out of range"), "stderr: \(check.error)"
        )
        let run = try await StayfitProcess.run(["run", "--config", config, "--data-dir", scratch.path("data")])
        #expect(run.status == 78, "stderr: \(run.error)")
    }

    @Test func aRecordingWithWindowsLineEndingsPlays() async throws {
        let scratch = try Scratch()
        let csv = try scratch.write(
            "run.csv", StraightRun.csv(seconds: 30).replacingOccurrences(of: "\n", with: "\r\n"))
        let result = try await StayfitProcess.run(["demo", "--file", csv, "--speed", "60"])
        #expect(result.status == 0, "stderr: \(result.error)")
        // Exactly 0:30: the simulator's start and stop carry their own moments (see DemoTests).
        #expect(result.output.contains("Workout 1 finished: 0:30,"), "stdout: \(result.output)")
    }

    @Test func aRelativeRecordingPathStartsFromARelativeConfigurationFilesDirectory() async throws {
        let scratch = try Scratch()
        try FileManager.default.createDirectory(atPath: scratch.path("conf"), withIntermediateDirectories: true)
        _ = try scratch.write("conf/run.csv", "seconds,heart_rate\n0,90\n1,91\n")
        _ = try scratch.write("conf/stayfit.toml", "[plugins.simulator]\nfile = \"run.csv\"\n")
        // The configuration named by a path relative to the working directory, as `--config conf/stayfit.toml`.
        let depth = FileManager.default.currentDirectoryPath.split(separator: "/").count
        let relative = String(repeating: "../", count: depth) + scratch.path("conf/stayfit.toml").dropFirst()
        let check = try await StayfitProcess.run(["config", "check", relative])
        #expect(check.status == 0, "stderr: \(check.error)")
    }

    @Test func aStoredNameWithEscapeSequencesIsShownEscaped() async throws {
        let scratch = try Scratch()
        try await scratch.store().saveProfile(
            Profile(
                name: "Alex\u{1B}[2J\u{1B}]0;owned\u{07}", birthDate: "1990-04-21", gender: .female,
                heightCentimeters: 168,
                weightKilograms: 61, heartRateMonitoring: false))
        let result = try await StayfitProcess.run(["profile", "--data-dir", scratch.path("data")])
        #expect(result.status == 0)
        #expect(result.output.contains("Alex\\u{1B}[2J\\u{1B}]0;owned\\u{7}\n"), "stdout: \(result.output)")
        #expect(!result.output.contains("\u{1B}") && !result.output.contains("\u{07}"))

        let refused = try await StayfitProcess.run([
            "profile", "set", "--name", "Sam\u{1B}[2J", "--data-dir", scratch.path("data"),
        ])
        #expect(refused.status == 65)
        #expect(refused.error.contains("\"Sam\\u{1B}[2J\" has control characters"), "stderr: \(refused.error)")
    }

    @Test func aTypedLineWithEscapeSequencesIsEchoedEscaped() async throws {
        let scratch = try Scratch()
        let config = try scratch.write("stayfit.toml", "[plugins.console]\nmode = \"lines\"\n")
        let hub = try StayfitProcess(["run", "--config", config, "--data-dir", scratch.path("data")])
        try await hub.waitForOutput("StayFit Hub is ready")
        hub.send("\u{1B}[2J\u{1B}[31mboo")
        try await hub.waitForOutput("Unknown command")
        hub.send("quit")
        #expect(try await hub.waitForExit() == 0)
        #expect(
            hub.standardOutput.contains("Unknown command '\\u{1B}[2J\\u{1B}[31mboo'."), "stdout: \(hub.standardOutput)")
        #expect(!hub.standardOutput.contains("\u{1B}"))
    }

    @Test func anOverlongTypedLineIsEchoedCutAndIsNoCommand() async throws {
        let scratch = try Scratch()
        let config = try scratch.write("stayfit.toml", "[plugins.console]\nmode = \"lines\"\n")
        let hub = try StayfitProcess(["run", "--config", config, "--data-dir", scratch.path("data")])
        try await hub.waitForOutput("StayFit Hub is ready")
        // A paste gone wrong: 4.5 MB on one line.
        hub.send(String(repeating: "x", count: 4_500_000))
        try await hub.waitForOutput("Unknown command")
        // What is kept of a cut line reads "start", but the line as typed is no command.
        hub.send("start" + String(repeating: " ", count: 1_000) + "now")
        try await hub.waitForOutput("Unknown command 'start")
        hub.send("quit")
        #expect(try await hub.waitForExit() == 0)
        #expect(
            hub.standardOutput.contains("Unknown command '\(String(repeating: "x", count: 40))…'."),
            "stdout: \(hub.standardOutput.prefix(500))")
        #expect(
            hub.standardOutput.contains("Unknown command 'start…'."),
            "stdout: \(hub.standardOutput.prefix(500))")
        #expect(!hub.standardOutput.contains("Workout started"))
        #expect(hub.standardOutput.utf8.count < 1_000, "\(hub.standardOutput.utf8.count) bytes of output")
    }
}
