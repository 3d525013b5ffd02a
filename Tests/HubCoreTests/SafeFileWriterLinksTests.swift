import Foundation
import HubCore
import HubTestKit
import Testing

/// A symbolic link at the path `SafeFileWriter` is given: the file it leads to is the target (replaced, never written
/// through, and only with `.replace`), a link to nothing or one someone else planted in a shared folder is refused,
/// and the names of standard output are standard output.
@Suite struct SafeFileWriterLinksTests {
    private func text(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    private func kind(_ path: String) -> mode_t {
        var status = stat()
        return lstat(path, &status) == 0 ? status.st_mode & S_IFMT : 0
    }

    @Test func aLinkToAFileMakesThatFileTheTargetKeptWithoutReplaceAndReplacedWithIt() throws {
        let folder = try TemporaryDirectory()
        let file = try folder.write("real.gpx", "old")
        #expect(chmod(file, 0o600) == 0)
        let link = folder.path("run.gpx")
        #expect(symlink("real.gpx", link) == 0)
        let refused = try #require(throws: FileWriteError.self) {
            try SafeFileWriter.write("new", to: link, ifExists: .refuse)
        }
        #expect(refused.isExistingFile)
        #expect(
            refused.description == "\(link) is a link to \(folder.path("real.gpx")), which exists; add --force to "
                + "replace that file (the link stays)")
        #expect(try text(file) == "old")

        try SafeFileWriter.write("new", to: link, ifExists: .replace)
        #expect(kind(link) == S_IFLNK, "the link stays a link")
        #expect(try text(file) == "new", "the file it leads to is replaced")
        var status = stat()
        #expect(stat(file, &status) == 0 && status.st_mode & 0o777 == 0o600, "with the replaced file's mode")
    }

    @Test func aLinkToNothingIsRefusedAndNothingIsMadeWhereItLeads() throws {
        let folder = try TemporaryDirectory()
        let link = folder.path("run.gpx")
        #expect(symlink(folder.path("elsewhere.gpx"), link) == 0)
        for policy in [SafeFileWriter.IfExists.refuse, .replace] {
            let error = try #require(throws: FileWriteError.self) {
                try SafeFileWriter.write("new", to: link, ifExists: policy)
            }
            #expect(
                error.description == "\(link) is a symbolic link to \(folder.path("elsewhere.gpx")), which does not "
                    + "exist; give the path of the file to write")
        }
        #expect(kind(link) == S_IFLNK)
        #expect(kind(folder.path("elsewhere.gpx")) == 0)
    }

    @Test(arguments: ["/dev/stdout", "/dev/fd/1", "/proc/self/fd/1"])
    func theNamesOfStandardOutputAreStandardOutput(path: String) throws {
        let writer = try SafeFileWriter(path: path, ifExists: .refuse)
        #expect(writer.isStandardOutput)
        writer.discard()
    }

    @Test func aLinkOfOnesOwnToStandardOutputIsStandardOutput() throws {
        let folder = try TemporaryDirectory()
        #expect(symlink("/dev/stdout", folder.path("out.svg")) == 0)
        let writer = try SafeFileWriter(path: folder.path("out.svg"), ifExists: .replace)
        #expect(writer.isStandardOutput)
        writer.discard()
        #expect(kind(folder.path("out.svg")) == S_IFLNK)
    }

    @Test(arguments: ["/dev/stderr", "/proc/self/fd/0", "/dev/fd/2"])
    func aLinkToAnotherOpenDescriptorIsRefused(path: String) throws {
        let error = try #require(throws: FileWriteError.self) {
            try SafeFileWriter(path: path, ifExists: .replace)
        }
        #expect(
            error.description == "\(path) is a link to an open file descriptor, not a file: give a file path or - "
                + "for standard output")
    }

    @Test func withoutStandardOutputItsNamesAreRefused() throws {
        let error = try #require(throws: FileWriteError.self) {
            try SafeFileWriter(path: "/dev/stdout", ifExists: .replace, allowsStandardOutput: false)
        }
        #expect(error.description == "/dev/stdout is a link to an open file descriptor, not a file: give a file path")
    }

    /// As the kernel's `protected_symlinks`: a link in a sticky folder anyone may write to (as /tmp), owned by another
    /// user than this one and the folder's owner, is not followed. Needs root, to give the link away.
    @Test(.enabled(if: geteuid() == 0)) func someoneElsesLinkInASharedStickyFolderIsNotFollowed() throws {
        let folder = try TemporaryDirectory()
        let shared = folder.path("shared")
        #expect(mkdir(shared, 0o777) == 0 && chmod(shared, 0o1777) == 0)
        let victim = try folder.write("victim", "precious")
        let link = shared + "/run.gpx"
        #expect(symlink(victim, link) == 0)
        #expect(lchown(link, 65_534, 65_534) == 0)
        let error = try #require(throws: FileWriteError.self) {
            try SafeFileWriter.write("new", to: link, ifExists: .replace)
        }
        #expect(error.description.hasPrefix("\(link): the symbolic link \(link) belongs to another user"))
        #expect(try text(victim) == "precious")
        #expect(kind(link) == S_IFLNK)
    }
}
