import Foundation
import GRDB

/// Why the store could not do what was asked: what failed, where, and what to do about it.
public struct HubStoreError: Error, CustomStringConvertible, Sendable, Equatable {
    private enum Code: Sendable, Equatable {
        case cannotCreateDirectory, cannotOpen, notARegularFile, diskFull, readOnly, inputOutput, corrupt, busy,
            notFound, refused, other
    }

    private let code: Code
    /// The database file or directory concerned.
    public let path: String
    /// The underlying reason, as the system or SQLite gave it.
    public let reason: String

    /// True when the disk (or the file system) has no room left: retrying later may succeed.
    public var isDiskFull: Bool { code == .diskFull }
    /// True when the file or its file system cannot be written (e.g. an SD card the kernel remounted read-only).
    public var isReadOnly: Bool { code == .readOnly }
    /// True when the disk failed a read or a write.
    public var isInputOutput: Bool { code == .inputOutput }
    /// True when another process holds the database: it is usually free again in a moment.
    public var isBusy: Bool { code == .busy }
    /// True when a record asked for by id does not exist.
    public var isNotFound: Bool { code == .notFound }
    /// True when what was asked was refused as it stands (a name already taken, a workout being recorded); nothing
    /// was written, and `description` says how to put it right.
    public var isRefused: Bool { code == .refused }

    public var description: String {
        switch code {
        case .cannotCreateDirectory:
            return "cannot create the data directory \(path): \(reason). Choose another with --data-dir, "
                + "or fix its permissions."
        case .cannotOpen:
            return "cannot open the database \(path): \(reason). Check that the directory is writable by this user."
        case .notARegularFile:
            return "cannot use \(path): it is \(reason), not a regular file. The hub opens nothing else in its data "
                + "directory, since a link there could make it overwrite any file: remove it (rm \(path)) and the hub "
                + "makes the file afresh, or name another folder with --data-dir."
        case .diskFull:
            return "cannot save to \(path): the disk holding it is full (\(reason)). Free some space "
                + "(df -h shows what is left), then try again; nothing already stored is lost."
        case .readOnly:
            return "cannot save to \(path): the database is read-only (\(reason)). Check that this user owns the file, "
                + "its -wal and -shm files and their directory (ls -l), and that the file system is not mounted "
                + "read-only; nothing already stored is lost."
        case .inputOutput:
            return "reading or writing \(path) failed (\(reason)). The disk may be full, removed or failing: check the "
                + "free space (df -h) and the kernel log (journalctl -k), then try again."
        case .corrupt:
            return "\(path) is not a usable StayFit database: \(reason). Move it aside to start afresh."
        case .busy:
            return "the database \(path) is locked: another process kept it busy for more than 5 seconds (\(reason)). "
                + "Try again in a moment; if it lasts, close any other program that has the file open (a sqlite3 "
                + "shell, a backup)."
        case .notFound, .refused:
            return reason
        case .other:
            return "database error in \(path): \(reason)"
        }
    }

    static func cannotCreateDirectory(_ path: String, reason: String) -> Self {
        .init(code: .cannotCreateDirectory, path: path, reason: reason)
    }
    static func cannotOpen(_ path: String, reason: String) -> Self {
        .init(code: .cannotOpen, path: path, reason: reason)
    }
    static func notARegularFile(_ path: String, kind: String) -> Self {
        .init(code: .notARegularFile, path: path, reason: kind)
    }
    static func notFound(_ what: String, path: String) -> Self { .init(code: .notFound, path: path, reason: what) }
    static func refused(_ why: String, path: String) -> Self { .init(code: .refused, path: path, reason: why) }

    /// Maps a GRDB error to what the person can act on, by SQLite's result code.
    static func wrap(_ error: any Error, path: String) -> Self {
        guard let error = error as? DatabaseError else {
            return .init(code: .other, path: path, reason: "\(error)")
        }
        let reason = Self.reason(error)
        switch error.resultCode {
        case .SQLITE_FULL: return .init(code: .diskFull, path: path, reason: reason)
        case .SQLITE_READONLY: return .init(code: .readOnly, path: path, reason: reason)
        case .SQLITE_IOERR: return .init(code: .inputOutput, path: path, reason: reason)
        case .SQLITE_CORRUPT, .SQLITE_NOTADB: return .init(code: .corrupt, path: path, reason: reason)
        case .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_AUTH: return .init(code: .cannotOpen, path: path, reason: reason)
        case .SQLITE_BUSY, .SQLITE_LOCKED: return .init(code: .busy, path: path, reason: reason)
        default: return .init(code: .other, path: path, reason: reason)
        }
    }

    /// SQLite's message, with what its extended code adds: "disk I/O error" alone does not say that the
    /// shared-memory file could not grow, which on a full disk is the usual cause.
    private static func reason(_ error: DatabaseError) -> String {
        let message = error.message ?? "\(error.resultCode)"
        let detail: String? =
            switch error.extendedResultCode {
            case .SQLITE_IOERR_SHMSIZE, .SQLITE_IOERR_SHMOPEN, .SQLITE_IOERR_SHMMAP:
                "the -shm file could not be made or grown, usually because the disk is full"
            case .SQLITE_IOERR_WRITE, .SQLITE_IOERR_FSYNC, .SQLITE_IOERR_TRUNCATE:
                "a write to the disk failed"
            case .SQLITE_IOERR_READ, .SQLITE_IOERR_SHORT_READ:
                "a read from the disk failed"
            case .SQLITE_READONLY_DBMOVED:
                "the file was moved or deleted while open"
            case .SQLITE_READONLY_CANTINIT, .SQLITE_READONLY_RECOVERY:
                "its -shm file is not writable"
            case .SQLITE_READONLY_DIRECTORY:
                "its directory is not writable"
            case .SQLITE_BUSY_RECOVERY:
                "another process is recovering it after a crash"
            default:
                nil
            }
        return detail.map { "\(message): \($0)" } ?? message
    }
}
