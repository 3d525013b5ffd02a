#if canImport(Glibc)
    import Glibc
#endif

/// A file could not be written, or was not, to keep what is at its path: says which path, why, and what to do.
public struct FileWriteError: Error, CustomStringConvertible, Sendable, Equatable {
    private enum Code: Equatable, Sendable {
        case exists
        case existingLink(target: String)
        case danglingLink(target: String)
        case untrustedLink(link: String)
        case notAFile(kind: String)
        case missingFolder(String)
        case cannotCreate(folder: String, reason: String)
        case writeFailed(reason: String, full: Bool)
    }

    /// Whether no file could be made in the target's folder (its permissions): the fix is the folder's, not the file's.
    public var isUnwritableFolder: Bool {
        if case .cannotCreate = code { return true }
        return false
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

    /// A symbolic link at the path leads to a file, and the writer was told to keep it.
    static func existingLink(_ path: String, target: String) -> FileWriteError {
        FileWriteError(.existingLink(target: target), path: path)
    }

    /// A symbolic link at the path leads to nothing (to `target`, which does not exist).
    static func danglingLink(_ path: String, target: String) -> FileWriteError {
        FileWriteError(.danglingLink(target: target), path: path)
    }

    /// A link on the way (`link`) is one the kernel would not follow: someone else's, in a shared sticky folder.
    static func untrustedLink(_ path: String, link: String) -> FileWriteError {
        FileWriteError(.untrustedLink(link: link), path: path)
    }

    /// The path is something other than a regular file, `kind` said in words ("a link to an open file descriptor").
    static func notAFile(_ path: String, kind: String, offersStandardOutput: Bool) -> FileWriteError {
        FileWriteError(.notAFile(kind: kind), path: path, offersStandardOutput: offersStandardOutput)
    }

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
    public var isExistingFile: Bool {
        if case .existingLink = code { return true }
        return code == .exists
    }

    /// Whether something already has the path's name (a file, a link of any kind, a directory, a device…), so that
    /// a writer that picks its own names can take the next one instead.
    public var isNameTaken: Bool {
        switch code {
        case .exists, .existingLink, .danglingLink, .untrustedLink, .notAFile: true
        default: false
        }
    }

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
        case .existingLink(let target):
            return "\(place) is a link to \(Format.printable(target, limit: 200)), which exists; add --force to "
                + "replace that file (the link stays)"
        case .danglingLink(let target):
            return "\(place) is a symbolic link to \(Format.printable(target, limit: 200)), which does not exist; give "
                + "the path of the file to write"
        case .untrustedLink(let link):
            return "\(place): the symbolic link \(Format.printable(link, limit: 200)) belongs to another user, in a "
                + "folder anyone may write to; it is not followed (as the kernel's protected_symlinks does not). "
                + "Give a path in a folder of your own"
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
