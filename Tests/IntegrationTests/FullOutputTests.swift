import Foundation
import Testing

/// What a command prints goes through stdio's buffer, written out when the command ends: a failed write there
/// (standard output on a full disk, `> /dev/full`) is an error with status 1, where it used to be a silent success
/// with nothing written. A closed pipe (`| head -1`) is not: the reader has what it wanted.
@Suite(.serialized) struct FullOutputTests {
    static let commands: [[String]] = [
        ["workouts"], ["workouts", "--json"], ["stats"], ["stats", "--json"], ["goals"], ["profile"], ["people"],
        ["reminders"],
    ]

    @Test(arguments: commands)
    func aCommandWhoseOutputCannotBeWrittenSaysSoAndExitsWithStatus1(_ command: [String]) async throws {
        let scratch = try Scratch()
        let full = open("/dev/full", O_WRONLY | O_CLOEXEC)
        try #require(full >= 0)
        defer { close(full) }
        let process = try StayfitProcess(command + ["--data-dir", scratch.path("data")], standardOutput: full)
        process.closeInput()
        #expect(try await process.waitForExit(timeout: .seconds(30)) == 1, "stderr: \(process.standardError)")
        #expect(
            process.standardError
                == "error: cannot write to standard output (No space left on device): what the command printed is "
                + "incomplete or missing. Check where the output goes (a full disk?), then run the command again.\n")
    }

    @Test(arguments: commands)
    func aCommandWhoseReaderHasGoneEndsQuietly(_ command: [String]) async throws {
        let scratch = try Scratch()
        let pipe = Pipe()
        try pipe.fileHandleForReading.close()
        let process = try StayfitProcess(
            command + ["--data-dir", scratch.path("data")],
            standardOutput: pipe.fileHandleForWriting.fileDescriptor)
        try pipe.fileHandleForWriting.close()
        process.closeInput()
        #expect(try await process.waitForExit(timeout: .seconds(30)) == 0, "stderr: \(process.standardError)")
        #expect(process.standardError == "")
    }

    /// With a workout and its heart rate stored: the commands that show them.
    @Test(arguments: [
        ["workouts", "show", "1", "--json"], ["workouts", "show", "1"],
        ["hr", "plot", "--from", "2026-11-20 07:00", "--to", "2026-11-20 07:10"],
    ])
    func aCommandShowingAStoredWorkoutWhoseOutputCannotBeWrittenExitsWithStatus1(_ command: [String]) async throws {
        let scratch = try Scratch()
        let data = try await SafeWritesCLITests.data(scratch)
        let full = open("/dev/full", O_WRONLY | O_CLOEXEC)
        try #require(full >= 0)
        defer { close(full) }
        let process = try StayfitProcess(
            command + ["--data-dir", data], environment: ReportsCLITests.berlin, standardOutput: full)
        process.closeInput()
        #expect(try await process.waitForExit(timeout: .seconds(30)) == 1, "stderr: \(process.standardError)")
        #expect(process.standardError.hasPrefix("error: cannot write to standard output (No space left on device)"))
    }

    @Test func theSameCommandsWriteTheirOutputWhereItFits() async throws {
        let scratch = try Scratch()
        for command in Self.commands {
            let result = try await StayfitProcess.run(
                command + ["--data-dir", scratch.path("data")], timeout: .seconds(30))
            #expect(result.status == 0, "\(command): stderr: \(result.error)")
            #expect(!result.output.isEmpty, "\(command) printed nothing, so /dev/full shows nothing")
        }
    }
}
