import Foundation
import GRDB

/// Why the store could not do what was asked: what failed, where, and what to do about it.
public struct HubStoreError: Error, CustomStringConvertible, Sendable, Equatable {
    private enum Code: Sendable, Equatable {
        case cannotCreateDirectory, cannotOpen, diskFull, readOnly, corrupt, busy, notFound, other
    }

    private let code: Code
    /// The database file or directory concerned.
    public let path: String
    /// The underlying reason, as the system or SQLite gave it.
    public let reason: String

    /// True when the disk (or the file system) has no room left: retrying later may succeed.
    public var isDiskFull: Bool { code == .diskFull }
    /// True when a record asked for by id does not exist.
    public var isNotFound: Bool { code == .notFound }

    public var description: String {
        switch code {
        case .cannotCreateDirectory:
            return "cannot create the data directory \(path): \(reason). Choose another with --data-dir, "
                + "or fix its permissions."
        case .cannotOpen:
            return "cannot open the database \(path): \(reason). Check that the directory is writable by this user."
        case .diskFull:
            return "the disk holding \(path) is full: \(reason). Free some space; nothing already stored is lost."
        case .readOnly:
            return "the database \(path) is read-only: \(reason). Check the file's owner and permissions."
        case .corrupt:
            return "\(path) is not a usable StayFit database: \(reason). Move it aside to start afresh."
        case .busy:
            return "the database \(path) stayed locked by another process: \(reason). Try again."
        case .notFound:
            return reason
        case .other:
            return "database error in \(path): \(reason)"
        }
    }

    static func cannotCreateDirectory(_ path: String, reason: String) -> Self {
        .init(code: .cannotCreateDirectory, path: path, reason: reason)
    }
    static func cannotOpen(_ path: String, reason: String) -> Self { .init(code: .cannotOpen, path: path, reason: reason) }
    static func notFound(_ what: String, path: String) -> Self { .init(code: .notFound, path: path, reason: what) }

    static func wrap(_ error: any Error, path: String) -> Self {
        guard let error = error as? DatabaseError else {
            return .init(code: .other, path: path, reason: "\(error)")
        }
        let reason = error.message ?? "\(error.resultCode)"
        switch error.resultCode {
        case .SQLITE_FULL: return .init(code: .diskFull, path: path, reason: reason)
        case .SQLITE_READONLY: return .init(code: .readOnly, path: path, reason: reason)
        case .SQLITE_CORRUPT, .SQLITE_NOTADB: return .init(code: .corrupt, path: path, reason: reason)
        case .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_AUTH: return .init(code: .cannotOpen, path: path, reason: reason)
        case .SQLITE_BUSY, .SQLITE_LOCKED: return .init(code: .busy, path: path, reason: reason)
        default: return .init(code: .other, path: path, reason: reason)
        }
    }
}
