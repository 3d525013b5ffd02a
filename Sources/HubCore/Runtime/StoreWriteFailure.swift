import Foundation
import Records

/// Why the store could not be written, in a few plain words the voice can say ("the disk is full"), and whether
/// waiting a moment may help.
///
/// The log keeps the store's whole message (path, SQLite's reason, the fix); the person hears this. Public for the
/// plugins that write the store themselves (the heart-rate log), so every part of the hub says it the same way.
public struct StoreWriteFailure: Sendable, Equatable {
    /// "the disk is full", "the storage is read-only", …
    public let reason: String
    /// A locked database is free again in a moment; a full or read-only disk is not, without someone acting.
    public let isBrief: Bool

    public init(_ error: any Error) {
        guard let error = error as? any StoreWriteError else {
            reason = "the database cannot be written"
            isBrief = false
            return
        }
        if error.isDiskFull {
            reason = "the disk is full"
        } else if error.isReadOnly {
            reason = "the storage is read-only"
        } else if error.isInputOutput {
            // SQLite reports a write refused by a file system the kernel turned read-only (EROFS), or one that ran
            // out of room in the -shm file, as a plain I/O error: the file system itself tells which.
            switch Self.fileSystemState(of: error.path) {
            case .readOnly: reason = "the storage is read-only"
            case .full: reason = "the disk is full"
            case .unknown: reason = "the storage cannot be written (it may be full, read-only or failing)"
            }
        } else if error.isBusy {
            reason = "the database is locked by another program"
        } else {
            reason = "the database cannot be written"
        }
        isBrief = error.isBusy
    }

    private enum FileSystemState { case readOnly, full, unknown }

    /// Whether the file system holding `path` is mounted read-only or has no room left.
    private static func fileSystemState(of path: String) -> FileSystemState {
        var status = statvfs()
        guard statvfs(path, &status) == 0 else { return .unknown }
        if status.f_flag & UInt(ST_RDONLY) != 0 { return .readOnly }
        if status.f_bavail == 0 { return .full }
        // ext4's emergency read-only after an error (recent kernels) leaves the mount flags as they were: only a
        // write shows it. An empty file, made and removed at once, next to the database.
        let probe = (path as NSString).deletingLastPathComponent + "/.stayfit-write-probe"
        let descriptor = open(probe, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if descriptor < 0 { return errno == EROFS ? .readOnly : .unknown }
        close(descriptor)
        unlink(probe)
        return .unknown
    }
}
