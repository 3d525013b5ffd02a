#if canImport(Glibc)
    import Glibc
#endif

/// A file could not be written, or was not, to keep what is at its path: says which path, why, and what to do.
public struct FileWriteError: Error, CustomStringConvertible, Sendable, Equatable {
    private enum Code: Equatable, Sendable {
        case exists
        case existingLink
        case notAFile(kind: String)
        case missingFolder(String)
        case cannotCreate(folder: String, reason: String)
        case writeFailed(reason: String, full: Bool)
    }

    /// The path as the user gave it; "-" for standard output.
    public let path: String
    /// Whether the refusal of a device or FIFO may suggest `-`, standard output.
    private let offersStandardOutput: Bool
    private let code: Code

    private init(_ code: Code, path: String, offersStandardOutput: Bool = true) {
        self.code = code
        self.path = path
        self.offersStandardOutput = offersStandardOutput
    }

    /// A file is at the path, and the writer was told to keep it.
    static func exists(_ path: String) -> FileWriteError { FileWriteError(.exists, path: path) }

    /// A symbolic link is at the path, and the writer was told to keep it.
    static func existingLink(_ path: String) -> FileWriteError { FileWriteError(.existingLink, path: path) }

    /// The path names a device, FIFO, socket or directory (`kind` says which), which is never replaced.
    static func notAFile(_ path: String, mode: mode_t, offersStandardOutput: Bool) -> FileWriteError {
        let kind =
            switch mode & S_IFMT {
            case S_IFCHR, S_IFBLK: "a device"
            case S_IFIFO: "a named pipe (FIFO)"
            case S_IFSOCK: "a socket"
            case S_IFDIR: "a directory"
            default: "not a regular file"
            }
        return FileWriteError(.notAFile(kind: kind), path: path, offersStandardOutput: offersStandardOutput)
    }

    static func missingFolder(_ path: String, folder: String) -> FileWriteError {
        FileWriteError(.missingFolder(folder), path: path)
    }

    static func cannotCreate(_ path: String, folder: String, errno code: Int32) -> FileWriteError {
        FileWriteError(.cannotCreate(folder: folder, reason: String(cString: strerror(code))), path: path)
    }

    static func writeFailed(_ path: String, errno code: Int32) -> FileWriteError {
        FileWriteError(
            .writeFailed(reason: String(cString: strerror(code)), full: code == ENOSPC || code == EDQUOT), path: path)
    }

    /// Whether a file (or a symbolic link) at the path was kept because the writer was told not to replace it.
    public var isExistingFile: Bool { code == .exists || code == .existingLink }

    /// Whether the write failed for want of space (a full disk or quota), rather than being refused.
    public var isDiskFull: Bool {
        if case .writeFailed(_, full: true) = code { return true }
        return false
    }

    public var description: String {
        let place = Format.printable(path, limit: 200)
        let orStandardOutput = offersStandardOutput ? " or - for standard output" : ""
        switch code {
        case .exists:
            return "\(place) exists; add --force to replace it"
        case .existingLink:
            return
                "\(place) exists (a symbolic link); add --force to replace the link (what it points to is left alone)"
        case .notAFile(let kind) where kind == "a directory":
            return "\(place) is a directory, not a file: give a file path (a name inside it)\(orStandardOutput)"
        case .notAFile(let kind):
            return "\(place) is \(kind), not a file: give a file path\(orStandardOutput)"
        case .missingFolder(let folder):
            return "cannot write \(place): the folder \(Format.printable(folder, limit: 200)) does not exist; "
                + "create it or give another path"
        case .cannotCreate(let folder, let reason):
            return "cannot write \(place): cannot create a file in \(Format.printable(folder, limit: 200)) "
                + "(\(reason)); give a path in a folder you can write to"
        case .writeFailed(let reason, let full) where path == SafeFileWriter.standardOutput:
            return "cannot write to standard output: \(reason)"
                + (full ? "; free some space, or send it elsewhere" : "")
        case .writeFailed(let reason, let full):
            return "cannot write \(place): \(reason); nothing was written there"
                + (full ? ". Free some space, or write it elsewhere" : "")
        }
    }
}
