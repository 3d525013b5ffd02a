import Foundation
import HubCore
import HubTestKit
import Testing

/// `SafeFileWriter`, the one way the hub writes a file for a person: what it does with whatever is at the path.
@Suite struct SafeFileWriterTests {
    private func text(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    private func kind(_ path: String) -> mode_t {
        var status = stat()
        return lstat(path, &status) == 0 ? status.st_mode & S_IFMT : 0
    }

    private func mode(_ path: String) -> mode_t {
        var status = stat()
        return lstat(path, &status) == 0 ? status.st_mode & 0o777 : 0
    }

    /// The folder's entries other than those named: a temporary file left behind shows up here.
    private func others(in folder: TemporaryDirectory, than names: Set<String>) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter { !names.contains($0) }
    }

    @Test func aNewFileIsCreatedWholeAndNothingElseIsLeftInTheFolder() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("run.gpx")
        let file = try SafeFileWriter(path: path, ifExists: .refuse)
        try file.write(Array("<gpx>".utf8))
        #expect(kind(path) == 0, "nothing at the path before commit()")
        try file.write(Array("</gpx>".utf8))
        try file.commit()
        #expect(try text(path) == "<gpx></gpx>")
        #expect(kind(path) == S_IFREG)
        #expect(try others(in: folder, than: ["run.gpx"]).isEmpty)
    }

    @Test func anExistingFileIsKeptWhenRefusingAndReplacedWithItsModeWhenReplacing() throws {
        let folder = try TemporaryDirectory()
        let path = try folder.write("run.gpx", "old")
        chmod(path, 0o600)
        #expect(throws: FileWriteError.self) { try SafeFileWriter.write("new", to: path, ifExists: .refuse) }
        do {
            try SafeFileWriter.write("new", to: path, ifExists: .refuse)
        } catch {
            #expect(error.description == "\(path) exists; add --force to replace it")
            #expect(error.isExistingFile)
        }
        #expect(try text(path) == "old")

        try SafeFileWriter.write("new", to: path, ifExists: .replace)
        #expect(try text(path) == "new")
        #expect(mode(path) == 0o600, "the replaced file's mode is kept, not widened to 0644")
        #expect(try others(in: folder, than: ["run.gpx"]).isEmpty)
    }

    @Test func aFileThatAppearsWhileWritingIsKeptWhenRefusing() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("run.gpx")
        let file = try SafeFileWriter(path: path, ifExists: .refuse)
        try file.write(Array("new".utf8))
        _ = try folder.write("run.gpx", "someone else's")
        #expect(throws: FileWriteError.self) { try file.commit() }
        #expect(try text(path) == "someone else's")
        #expect(try others(in: folder, than: ["run.gpx"]).isEmpty, "the temporary file is removed")
    }

    @Test func aDeviceIsRefusedWhateverThePolicyAndStaysADevice() throws {
        for ifExists in [SafeFileWriter.IfExists.refuse, .replace] {
            #expect(throws: FileWriteError.self) { try SafeFileWriter(path: "/dev/null", ifExists: ifExists) }
            do {
                _ = try SafeFileWriter(path: "/dev/null", ifExists: ifExists)
            } catch {
                #expect(
                    error.description
                        == "/dev/null is a device, not a file: give a file path or - for standard output")
            }
            #expect(kind("/dev/null") == S_IFCHR)
        }
    }

    @Test func aFIFOASocketAndAFolderAreRefusedAndLeftAsTheyAre() throws {
        let folder = try TemporaryDirectory()
        let fifo = folder.path("pipe")
        #expect(mkfifo(fifo, 0o644) == 0)
        let directory = folder.path("folder")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        for (path, expected, words) in [
            (fifo, S_IFIFO, "is a named pipe (FIFO), not a file"), (directory, S_IFDIR, "is a directory, not a file"),
            (directory + "/", S_IFDIR, "is a directory, not a file"),
        ] {
            do {
                try SafeFileWriter.write("x", to: path, ifExists: .replace)
                Issue.record("\(path) was written")
            } catch {
                #expect(error.description.contains(words), "\(error)")
            }
            #expect(kind(path) == expected)
        }
        #expect(try others(in: folder, than: ["pipe", "folder"]).isEmpty)
    }

    @Test func aDeviceBehindALinkIsRefusedAsTheDevice() throws {
        let folder = try TemporaryDirectory()
        let link = folder.path("out")
        #expect(symlink("/dev/null", link) == 0)
        do {
            try SafeFileWriter.write(Array("x".utf8), to: link, ifExists: .replace, allowsStandardOutput: false)
            Issue.record("written through a link to /dev/null")
        } catch {
            #expect(error.description == "\(link) is a device, not a file: give a file path")
        }
        #expect(kind(link) == S_IFLNK)
        #expect(kind("/dev/null") == S_IFCHR)
    }

    @Test func aLinkPlantedAtTheOldPartNameIsNeverFollowed() throws {
        let folder = try TemporaryDirectory()
        let victim = try folder.write("victim", "precious")
        #expect(symlink(victim, folder.path("run.gpx.part")) == 0)
        try SafeFileWriter.write("export", to: folder.path("run.gpx"), ifExists: .refuse)
        #expect(try text(victim) == "precious")
        #expect(try text(folder.path("run.gpx")) == "export")
        #expect(kind(folder.path("run.gpx.part")) == S_IFLNK)

        // A link at the target itself leads to the file that is replaced: SafeFileWriterLinksTests.
    }

    @Test func aWriterDroppedWithoutCommitLeavesTheTargetAsItWas() throws {
        let folder = try TemporaryDirectory()
        let path = try folder.write("run.gpx", "old")
        do {
            let file = try SafeFileWriter(path: path, ifExists: .replace)
            try file.write(Array("half a".utf8))
        }
        #expect(try text(path) == "old")
        #expect(try others(in: folder, than: ["run.gpx"]).isEmpty)
    }

    @Test func aMissingFolderIsNamedWithWhatToDo() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("missing/run.gpx")
        do {
            try SafeFileWriter.write("x", to: path, ifExists: .refuse)
            Issue.record("written into a missing folder")
        } catch {
            #expect(
                error.description
                    == "cannot write \(path): the folder \(folder.path("missing")) does not exist; create it or give "
                    + "another path")
        }
    }

    @Test func aHeaderIsWrittenAtItsOffsetAfterTheRest() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("out.wav")
        let file = try SafeFileWriter(path: path, ifExists: .refuse, allowsStandardOutput: false)
        try file.write(Array("....data".utf8))
        try file.write(Array("HEAD".utf8), at: 0)
        try file.commit()
        #expect(try text(path) == "HEADdata")
    }
}
