import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Opens the files the hub makes in its data directory (`hub.lock`, `stayfit.sqlite`, the change marker) only when
/// they are regular files, never through a symbolic link.
///
/// The hub often runs as root: a link planted at `hub.lock` (`ln -s /etc/shadow hub.lock`) had it truncate and
/// overwrite whatever the link named, and one at `stayfit.sqlite` had it make or use a database outside the
/// directory. `O_NOFOLLOW` refuses a link as the file's own name (the data directory itself may still be a link, as
/// `/var/lib/stayfit` onto another disk is); then what was opened is checked, so that a FIFO, socket or device put
/// there is refused too. The open never blocks (`O_NONBLOCK`) and never makes a terminal the hub's (`O_NOCTTY`).
///
/// SQLite opens the database's `-wal` and `-shm` files itself, so those are looked at (``refuseIfNotRegular(_:)``)
/// just before it does; only someone who may write to the directory (mode 0700) could swap one in between.
enum DataDirectoryFile {
    /// Opens `path` with `flags`, creating it with `mode` if it is missing; the caller closes the descriptor.
    ///
    /// - Throws: `HubStoreError`: `.notARegularFile` for a link, FIFO, socket, device or directory at `path`,
    ///   `.cannotOpen` for any other failure.
    static func open(_ path: String, flags: Int32, mode: mode_t = 0o600) throws(HubStoreError) -> Int32 {
        let descriptor = Glibc.open(path, flags | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC, mode)
        guard descriptor >= 0 else {
            let code = errno
            switch code {
            case ELOOP: throw .notARegularFile(path, kind: "a symbolic link")
            case EISDIR: throw .notARegularFile(path, kind: "a directory")
            case ENXIO: throw .notARegularFile(path, kind: "a FIFO or socket")
            default: throw .cannotOpen(path, reason: String(cString: strerror(code)))
            }
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw .cannotOpen(path, reason: reason)
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            throw .notARegularFile(path, kind: kind(status.st_mode))
        }
        return descriptor
    }

    /// Throws when something other than a regular file is at `path`; nothing there is fine (it will be created).
    static func refuseIfNotRegular(_ path: String) throws(HubStoreError) {
        var status = stat()
        guard lstat(path, &status) == 0 else { return }
        guard status.st_mode & S_IFMT == S_IFREG else { throw .notARegularFile(path, kind: kind(status.st_mode)) }
    }

    private static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFLNK: "a symbolic link"
        case S_IFDIR: "a directory"
        case S_IFIFO: "a FIFO (named pipe)"
        case S_IFSOCK: "a socket"
        case S_IFCHR, S_IFBLK: "a device"
        default: "a special file"
        }
    }
}
