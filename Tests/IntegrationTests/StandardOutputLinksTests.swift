import Foundation
import Testing

/// `-o /dev/stdout` (and `/dev/fd/1`, `/proc/self/fd/1`, a link to one of them) is standard output, as `-` is, with
/// standard output redirected to a file: the writer used to see "a link to a regular file" there, refused it without
/// `--force` ("exists (a symbolic link)") and with `--force` renamed a new file over the link itself.
@Suite struct StandardOutputLinksTests {
    /// Runs `workouts export 1 -o path` with standard output a regular file; returns the status, that file's text
    /// and standard error.
    private static func export(to path: String, force: Bool, _ scratch: borrowing Scratch) async throws -> (
        status: Int32, file: String, error: String
    ) {
        let data = try await SafeWritesCLITests.data(scratch)
        let redirected = scratch.path("redirected-\(UUID().uuidString)")
        let output = open(redirected, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        try #require(output >= 0)
        let process = try StayfitProcess(
            SafeWritesCLITests.Command.workoutsExport.arguments(writingTo: path, data: data)
                + (force ? ["--force"] : []),
            environment: ReportsCLITests.berlin, standardOutput: output)
        close(output)
        process.closeInput()
        let status = try await process.waitForExit(timeout: .seconds(60))
        return (status, try String(contentsOfFile: redirected, encoding: .utf8), process.standardError)
    }

    @Test(arguments: ["/dev/stdout", "/dev/fd/1", "/proc/self/fd/1"], [false, true])
    func aNameForStandardOutputWritesTheDocumentThere(path: String, force: Bool) async throws {
        let scratch = try Scratch()
        let result = try await Self.export(to: path, force: force, scratch)
        #expect(result.status == 0, "stderr: \(result.error)")
        #expect(result.file.hasPrefix("<?xml"), "redirected file: \(result.file)")
        #expect(result.file.contains("</gpx>"))
    }

    @Test(arguments: [false, true])
    func aLinkOfOnesOwnToStandardOutputWritesTheDocumentThereAndStaysALink(force: Bool) async throws {
        let scratch = try Scratch()
        let link = scratch.path("out.gpx")
        try #require(symlink("/proc/self/fd/1", link) == 0)
        let result = try await Self.export(to: link, force: force, scratch)
        #expect(result.status == 0, "stderr: \(result.error)")
        #expect(result.file.hasPrefix("<?xml"), "redirected file: \(result.file)")
        var status = stat()
        #expect(lstat(link, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK, "the link was replaced")
    }

    @Test func aPictureToDevStdoutIsThePictureAloneWithTheNoteOnStandardError() async throws {
        let scratch = try Scratch()
        let data = try await SafeWritesCLITests.data(scratch)
        let redirected = scratch.path("picture.svg")
        let output = open(redirected, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        try #require(output >= 0)
        let process = try StayfitProcess(
            SafeWritesCLITests.Command.statsSVG.arguments(writingTo: "/dev/stdout", data: data),
            environment: ReportsCLITests.berlin, standardOutput: output)
        close(output)
        process.closeInput()
        #expect(try await process.waitForExit(timeout: .seconds(60)) == 0, "stderr: \(process.standardError)")
        let picture = try String(contentsOfFile: redirected, encoding: .utf8)
        #expect(picture.hasPrefix("<?xml"))
        #expect(picture.hasSuffix("</svg>\n") || picture.hasSuffix("</svg>"), "something after the picture")
        #expect(process.standardError.contains("Picture written to standard output."))
    }

    @Test func aLinkToAnotherOpenDescriptorIsRefused() async throws {
        let scratch = try Scratch()
        let link = scratch.path("out.gpx")
        try #require(symlink("/proc/self/fd/2", link) == 0)
        let result = try await Self.export(to: link, force: true, scratch)
        #expect(result.status == 1)
        #expect(
            result.error
                == "error: \(link) is a link to an open file descriptor, not a file: give a file path or - for "
                + "standard output\n")
    }
}
