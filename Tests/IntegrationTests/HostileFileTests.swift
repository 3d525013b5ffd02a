import BlueZTestKit
import Foundation
import HubStore
import Testing

/// Files a careless or hostile person named to the built `stayfit`: a FIFO, a file nested too deep, a NUL byte.
/// Each is refused with what, where and how to fix it, at once: nothing hangs, nothing crashes.
@Suite(.serialized) struct HostileFileTests {
    /// A FIFO no one writes to, where a file is expected.
    private static func fifo(_ scratch: borrowing Scratch, _ name: String) throws -> String {
        let path = scratch.path(name)
        try #require(mkfifo(path, 0o600) == 0, "mkfifo \(path)")
        return path
    }

    @Test func aFIFOAsTheConfigurationIsRefusedByCheckAndRun() async throws {
        let scratch = try Scratch()
        let config = try Self.fifo(scratch, "stayfit.toml")
        let expected =
            "error: \(config): the configuration file is a FIFO (named pipe), not a regular file. "
            + "Give the path of a regular file, or start from the sample etc/stayfit.toml.\n"
        let check = try await StayfitProcess.run(["config", "check", config], timeout: TestDeadline.hang)
        #expect(check.status == 78)
        #expect(check.error == expected)
        let run = try await StayfitProcess.run(
            ["run", "--config", config, "--data-dir", scratch.path("data")], timeout: TestDeadline.hang)
        #expect(run.status == 78)
        #expect(run.error == expected)
    }

    @Test func aFIFOAsTheRecordingIsRefusedByCheckRunAndDemo() async throws {
        let scratch = try Scratch()
        _ = try Self.fifo(scratch, "run.csv")
        let gpx = try Self.fifo(scratch, "ride.gpx")
        let config = try scratch.write("stayfit.toml", "[plugins.simulator]\nfile = \"run.csv\"\n")
        let check = try await StayfitProcess.run(["config", "check", config], timeout: TestDeadline.hang)
        #expect(check.status == 78)
        #expect(check.error.contains("is a FIFO (named pipe), not a regular file"), "stderr: \(check.error)")
        let run = try await StayfitProcess.run(
            ["run", "--config", config, "--data-dir", scratch.path("data")], timeout: TestDeadline.hang)
        #expect(run.status == 78, "stderr: \(run.error)")
        let demo = try await StayfitProcess.run(["demo", "--file", gpx], timeout: TestDeadline.hang)
        #expect(demo.status != 0)
        #expect(demo.error.contains("is a FIFO (named pipe), not a regular file"), "stderr: \(demo.error)")
        let imported = try await StayfitProcess.run(
            ["workouts", "import", gpx, "--data-dir", scratch.path("data")], timeout: TestDeadline.hang)
        #expect(imported.status == 65)
        #expect(
            imported.error == "error: \(gpx): is a FIFO (named pipe), not a regular file. Nothing was imported.\n")
    }

    @Test func tablesNestedTwentyKilobytesDeepAreRefusedWithTheirLine() async throws {
        let scratch = try Scratch()
        let config = try scratch.write(
            "stayfit.toml",
            "[hub]\nlog-level = \"info\"\n[" + Array(repeating: "a", count: 10_000).joined(separator: ".") + "]\n")
        for command in [["config", "check", config], ["run", "--config", config, "--data-dir", scratch.path("data")]] {
            let result = try await StayfitProcess.run(command, timeout: TestDeadline.hang)
            #expect(result.status == 78, "\(command[0]): stderr: \(result.error)")
            #expect(
                result.error == "error: \(config):3: tables, keys and lists nested more than 32 levels deep. "
                    + "Nest less: the hub's own settings go 6 levels deep at most.\n")
        }
    }

    @Test func aNULByteIsRefusedWithItsLineInsteadOfEndingTheFile() async throws {
        let scratch = try Scratch()
        // What follows the NUL (an unknown table) used to be ignored, and the check said OK.
        let config = try scratch.write("stayfit.toml", "[hub]\nlog-level = \"info\"\n\u{0}\n[bogus]\nx = 1\n")
        let result = try await StayfitProcess.run(["config", "check", config], timeout: TestDeadline.hang)
        #expect(result.status == 78)
        #expect(
            result.error
                == "error: \(config):3: the configuration file has a NUL byte on line 3, which text never has. "
                + "Remove it: the file may be damaged (cat -v shows a NUL byte as ^@).\n")
    }
}
