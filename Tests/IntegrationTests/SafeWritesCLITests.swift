import BlueZTestKit
import Foundation
import HubStore
import Testing

/// Every command that writes a file for a person, on the built binary: what it does with whatever is at the path
/// (a device, a FIFO, a folder, a file, a planted link), `--force`, a question on a terminal, and `-` for standard
/// output. (Full disks: `FullDiskTests`.) Runs as root, as CI does: root is who could replace `/dev/null`.
@Suite struct SafeWritesCLITests {
    /// A command that writes a file, and how it is told where.
    enum Command: String, CaseIterable, CustomTestStringConvertible {
        case workoutsExport, remindersICS, workoutsShowSVG, statsSVG, heartRatePlotSVG

        func arguments(writingTo path: String, data: String) -> [String] {
            let target: [String] =
                switch self {
                case .workoutsExport: ["workouts", "export", "1", "--format", "gpx", "-o", path]
                case .remindersICS: ["reminders", "export", "--ics", path]
                case .workoutsShowSVG: ["workouts", "show", "1", "--svg", path]
                case .statsSVG: ["stats", "--date", "2026-11-23", "--svg", path]
                case .heartRatePlotSVG:
                    ["hr", "plot", "--from", "2026-11-20 07:00", "--to", "2026-11-20 07:10", "--svg", path]
                }
            return target + ["--data-dir", data]
        }

        /// How the document it writes begins.
        var documentStart: String { self == .remindersICS ? "BEGIN:VCALENDAR" : "<?xml" }

        var testDescription: String { rawValue }
    }

    /// A store with workout 1 (10 minutes on 2026-11-20 at 07:00 in Berlin) and its heart rate in the all-day log.
    static func data(_ scratch: borrowing Scratch) async throws -> String {
        let store = try scratch.store()
        let start: Int64 = 1_795_154_400
        try await ReportsCLITests.storeWorkout(store, start: Double(start), seconds: 600, speed: 3.0, kcal: 80)
        try await store.logHeartRate(
            (0..<600).map { HeartRateSecond(second: start + $0, beatsPerMinute: 120, rrIntervals1024: [512]) })
        return scratch.path("data")
    }

    static func run(_ command: Command, to path: String, data: String, force: Bool = false) async throws -> (
        status: Int32, output: String, error: String
    ) {
        try await StayfitProcess.run(
            command.arguments(writingTo: path, data: data) + (force ? ["--force"] : []),
            environment: ReportsCLITests.berlin)
    }

    private static func kind(_ path: String) -> mode_t {
        var status = stat()
        return lstat(path, &status) == 0 ? status.st_mode & S_IFMT : 0
    }

    @Test(arguments: Command.allCases)
    func aDeviceAFIFOAndAFolderAreRefusedWithOrWithoutForceAndLeftAsTheyAre(_ command: Command) async throws {
        let scratch = try Scratch()
        let data = try await Self.data(scratch)
        // A null device of the test's own (major 1, minor 3, as /dev/null), so that a hub that replaced it would
        // break nothing else on the machine.
        let device = scratch.path("null")
        try #require(mknod(device, S_IFCHR | 0o666, (1 << 8) | 3) == 0, "mknod needs root, as CI has")
        let fifo = scratch.path("pipe")
        #expect(mkfifo(fifo, 0o644) == 0)
        let folder = scratch.path("folder")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        for force in [false, true] {
            for (path, kind, message) in [
                (device, S_IFCHR, "\(device) is a device, not a file: give a file path or - for standard output"),
                (
                    fifo, S_IFIFO,
                    "\(fifo) is a named pipe (FIFO), not a file: give a file path or - for standard output"
                ),
                (folder, S_IFDIR, "\(folder) is a directory, not a file: give a file path (a name inside it)"),
            ] {
                let result = try await Self.run(command, to: path, data: data, force: force)
                #expect(result.status == 1, "\(path), force \(force): \(result.output)")
                #expect(result.error.contains(message), "\(result.error)")
                #expect(Self.kind(path) == kind, "\(path) is still what it was")
            }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: scratch.url.path).sorted() == [
                "data", "folder", "null", "pipe",
            ])
    }

    @Test(arguments: Command.allCases)
    func anExistingFileIsKeptWithoutForceAndReplacedWithItsModeWithForce(_ command: Command) async throws {
        let scratch = try Scratch()
        let data = try await Self.data(scratch)
        let path = try scratch.write("private.out", "mine")
        #expect(chmod(path, 0o600) == 0)

        let kept = try await Self.run(command, to: path, data: data)
        #expect(kept.status == 1)
        #expect(kept.error.contains("\(path) exists; add --force to replace it"), "\(kept.error)")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "mine")

        let replaced = try await Self.run(command, to: path, data: data, force: true)
        #expect(replaced.status == 0, "\(replaced.error)")
        #expect(try String(contentsOfFile: path, encoding: .utf8).hasPrefix(command.documentStart))
        var status = stat()
        #expect(stat(path, &status) == 0)
        #expect(status.st_mode & 0o777 == 0o600, "the file stays private: \(String(status.st_mode & 0o777, radix: 8))")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: scratch.url.path).sorted() == ["data", "private.out"])
    }

    @Test func aLinkPlantedAtTheExportsOldPartNameIsNotFollowed() async throws {
        let scratch = try Scratch()
        let data = try await Self.data(scratch)
        let victim = try scratch.write("victim", "precious")
        let path = scratch.path("run.gpx")
        #expect(symlink(victim, path + ".part") == 0)
        let result = try await Self.run(.workoutsExport, to: path, data: data)
        #expect(result.status == 0, "\(result.error)")
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "precious")
        #expect(try String(contentsOfFile: path, encoding: .utf8).hasPrefix("<?xml"))
        #expect(Self.kind(path) == S_IFREG)
        #expect(Self.kind(path + ".part") == S_IFLNK, "the planted link is left alone")
    }

    @Test(arguments: Command.allCases)
    func aDashWritesTheDocumentAloneToStandardOutput(_ command: Command) async throws {
        let scratch = try Scratch()
        let data = try await Self.data(scratch)
        let here = FileManager.default.currentDirectoryPath + "/-"
        let before = FileManager.default.fileExists(atPath: here)
        let result = try await Self.run(command, to: "-", data: data)
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.hasPrefix(command.documentStart), "\(result.output.prefix(200))")
        if command == .remindersICS {
            #expect(result.output.hasSuffix("END:VCALENDAR\r\n"))
        } else {
            let (wellFormed, problem) = ReportsCLITests.parses(result.output)
            #expect(wellFormed, "standard output is one XML document: \(problem)")
        }
        #expect(FileManager.default.fileExists(atPath: here) == before, "no file named - was made")
    }

    @Test(arguments: [Command.remindersICS, .statsSVG, .workoutsExport])
    func aFailedWriteToStandardOutputIsReportedWithANonZeroExit(_ command: Command) async throws {
        let scratch = try Scratch()
        let data = try await Self.data(scratch)
        let full = open("/dev/full", O_WRONLY | O_CLOEXEC)
        try #require(full >= 0)
        defer { close(full) }
        let child = try ChildProcess.spawn(
            StayfitProcess.binary.path, command.arguments(writingTo: "-", data: data),
            environment: ReportsCLITests.berlin,
            stdout: full, stderrPath: scratch.path("stderr"))
        let status = try await child.exitCode(within: TestDeadline.hang)
        let errors = try String(contentsOfFile: scratch.path("stderr"), encoding: .utf8)
        #expect(status == 1, "\(errors)")
        #expect(errors.contains("error: cannot write to standard output: No space left on device"), "\(errors)")
    }

    @Test func onATerminalAYesReplacesTheFileAndAnythingElseKeepsIt() async throws {
        let scratch = try Scratch()
        let data = try await Self.data(scratch)
        let path = try scratch.write("calendar.ics", "mine")
        let command = ([StayfitProcess.binary.path] + Command.remindersICS.arguments(writingTo: path, data: data))
            .joined(separator: " ")
        for (answer, replaced) in [("n", false), ("", false), ("y", true)] {
            // script(1) runs the command on a terminal of its own and types what it reads.
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
            process.arguments = ["-qec", command, "/dev/null"]
            let input = Pipe()
            process.standardInput = input
            let transcript = scratch.path("transcript-\(answer)")
            try #require(FileManager.default.createFile(atPath: transcript, contents: nil))
            process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: transcript))
            try process.run()
            input.fileHandleForWriting.write(Data((answer + "\n").utf8))
            try input.fileHandleForWriting.close()
            let deadline = ContinuousClock.now + TestDeadline.hang
            while process.isRunning, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
            try #require(!process.isRunning, "script did not end")
            let shown = try String(contentsOfFile: transcript, encoding: .utf8)
            #expect(shown.contains("\(path) exists. Replace it? [y/N]"), "\(shown)")
            #expect(process.terminationStatus == (replaced ? 0 : 1), "answer \(answer): \(shown)")
            let text = try String(contentsOfFile: path, encoding: .utf8)
            #expect(text.hasPrefix("BEGIN:VCALENDAR") == replaced, "answer \"\(answer)\"")
            #expect(text == "mine" || replaced)
        }
    }

    @Test(arguments: [["audio", "test", "--device", "-"], ["demo", "--audio-out", "-"]])
    func aWAVCannotGoToStandardOutputAndSaysWhatToGive(_ arguments: [String]) async throws {
        let result = try await StayfitProcess.run(arguments)
        #expect(result.status == 64)
        #expect(result.error.contains("- (standard output) is not supported"), "\(result.error)")
        #expect(result.error.contains("give a file name ending in .wav"))
    }
}
