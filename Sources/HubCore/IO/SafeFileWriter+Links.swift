#if canImport(Glibc)
    import Glibc
#endif

/// How `SafeFileWriter` follows the symbolic links at the end of a path itself, one at a time, so that it can tell
/// a link it must refuse (dangling, untrusted, to a descriptor) from one it may write through.
extension SafeFileWriter {
    /// Where a path leads once its symbolic links are followed.
    enum Resolution {
        /// A path that is no link (nothing may be there yet), or the end of a chain of links.
        case path(String)
        /// `/dev/stdout` and the like: this process's descriptor 1.
        case standardOutput
        /// Another open descriptor (`/dev/stderr`, `/proc/self/fd/3`, or another process's).
        case descriptor
        /// A link to nothing; the path it would lead to.
        case dangling(String)
        /// A link that the kernel's `protected_symlinks` would not follow.
        case untrusted(String)
    }

    /// Follows the symbolic links at the end of `path`, one at a time (at most 40, as the kernel does).
    static func resolve(_ path: String) -> Resolution {
        var current = path
        for followed in 0...40 {
            if let end = descriptorLink(current) { return end }
            var status = stat()
            guard lstat(current, &status) == 0 else {
                return followed > 0 && errno == ENOENT ? .dangling(current) : .path(current)
            }
            guard status.st_mode & S_IFMT == S_IFLNK else { return .path(current) }
            let linkFolder = Self.folder(of: current)
            if isProtected(link: status, in: linkFolder) { return .untrusted(current) }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(current, &buffer, buffer.count - 1)
            guard count > 0 else { return .path(current) }
            let target = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = target.hasPrefix("/") ? target : (linkFolder == "/" ? "" : linkFolder) + "/" + target
        }
        // A loop of links: what the kernel says about it (ELOOP) is the error.
        return .path(current)
    }

    /// `/proc/<pid>/fd/<n>` (also reached as `/proc/self/fd/<n>` or `/dev/fd/<n>`), which leads to whatever
    /// descriptor n is open on, not to a path.
    fileprivate static func descriptorLink(_ path: String) -> Resolution? {
        let name = path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? ""
        guard let number = Int32(name), let real = realpath(Self.folder(of: path), nil) else { return nil }
        defer { free(real) }
        let parts = String(cString: real).split(separator: "/")
        guard parts.count >= 3, parts[0] == "proc", parts.last == "fd", let owner = Int32(parts[1]) else { return nil }
        guard parts.count == 3 || (parts.count == 5 && parts[2] == "task") else { return nil }
        return owner == getpid() && number == 1 ? .standardOutput : .descriptor
    }

    /// Whether the kernel (`fs.protected_symlinks`) would refuse to follow a link with `link`'s status in `folder`:
    /// the folder is sticky and world-writable, and the link is owned neither by this user nor by the folder's owner.
    fileprivate static func isProtected(link: stat, in folder: String) -> Bool {
        var status = stat()
        guard stat(folder, &status) == 0 else { return false }
        // S_ISVTX and S_IWOTH, which Swift does not import.
        let stickyAndShared = status.st_mode & 0o1000 != 0 && status.st_mode & 0o002 != 0
        return stickyAndShared && link.st_uid != geteuid() && link.st_uid != status.st_uid
    }

    /// The folder part of `path`: "." when it has none, "/" for a name in the root.
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return path[..<slash].isEmpty ? "/" : String(path[..<slash])
    }
}
