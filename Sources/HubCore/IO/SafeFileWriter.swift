import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Writes a file so that its path ends up holding the whole new file or what it held before, and nothing else in
/// the file system is touched: every file the hub writes for a person (exports, pictures, calendars, recordings)
/// goes through it.
///
/// The bytes go into a new file with a random name in the target's folder, created with
/// `O_CREAT|O_EXCL|O_NOFOLLOW` and mode 0600: a file or symbolic link someone planted in the folder is never
/// followed or reused, and nobody reads the new content before it has its final mode. ``commit()`` syncs it to
/// the storage, gives it the mode of the file it replaces (a new one gets 0644 less the umask), renames it over the
/// target and syncs the folder. Until then the target is untouched; any failure, or a writer dropped without
/// `commit()`, removes the temporary file.
///
/// What is at the target decides what may happen:
/// - nothing: the file is created;
/// - a regular file: kept, unless `ifExists` is ``IfExists/replace``;
/// - a symbolic link (or a chain of them) to a regular file: that file is the target, kept unless `ifExists` is
///   ``IfExists/replace``, then replaced (the link stays, and leads to the new file). A link to nothing is refused,
///   and so is a link that the kernel's `protected_symlinks` would not follow (in a world-writable sticky folder
///   such as `/tmp`, owned by someone else than this user and the folder's owner): as root, a link planted there
///   would make any file the target;
/// - a device, FIFO, socket or directory (also behind a link): always refused.
///
/// `-` (``standardOutput``) is standard output, written as it goes, when `allowsStandardOutput`; so are
/// `/dev/stdout`, `/dev/fd/1`, `/proc/self/fd/1` and any link to them, which name what standard output is open on
/// rather than a file (with output redirected to a file, the link leads to that file, and replacing it would take
/// it from under the shell). A link to another open descriptor (`/dev/stderr`) is refused.
///
/// ```swift
/// let file = try SafeFileWriter(path: "run.gpx", ifExists: force ? .replace : .refuse)
/// try file.write(Array(document.utf8))
/// try file.commit()
/// ```
///
/// - Important: Not `Sendable`: one owner at a time writes, commits or discards.
public final class SafeFileWriter {
    /// What to do with a file already at the target.
    public enum IfExists: Sendable, Equatable {
        /// Leave it and fail with ``FileWriteError`` ("… exists; add --force to replace it"); also when a file
        /// appears there while writing.
        case refuse
        /// Put the new file in its place, with its mode.
        case replace
    }

    /// The path that means standard output.
    public static let standardOutput = "-"

    /// The path as given.
    public let path: String
    /// The folder's descriptor: every step works relative to it, so a folder renamed meanwhile cannot redirect one.
    private let folder: Int32
    private let folderPath: String
    private let name: String
    private let temporaryName: String
    private let ifExists: IfExists
    private let mode: mode_t
    /// The replaced file's owner, kept when the hub may give files away (it runs as root).
    private let owner: (user: uid_t, group: gid_t)?
    private var descriptor: Int32
    private var failure: FileWriteError?
    private var isOpen = true

    /// Whether this writes to standard output (the path was `-`, `/dev/stdout` or the like).
    public var isStandardOutput: Bool { folder < 0 }

    /// Whether `path` names standard output: `-`, or `/dev/stdout`, `/dev/fd/1`, `/proc/self/fd/1` or a link to one of
    /// them. A command whose document goes there writes its own lines to standard error instead.
    public static func namesStandardOutput(_ path: String) -> Bool {
        if path == standardOutput { return true }
        if case .standardOutput = resolve(path) { return true }
        return false
    }

    /// Checks what is at `path` and opens the temporary file beside it.
    ///
    /// - Parameters:
    ///   - ifExists: what to do with a file already there.
    ///   - allowsStandardOutput: whether `-` means standard output (otherwise it is a file named `-`), and whether a
    ///     refusal may suggest it.
    /// - Throws: ``FileWriteError`` naming the path: a device, FIFO, socket or directory there, a file there with
    ///   `.refuse`, a missing folder, or one that cannot be written to.
    public init(path: String, ifExists: IfExists, allowsStandardOutput: Bool = true) throws(FileWriteError) {
        self.path = path
        self.ifExists = ifExists
        let target: String
        switch path == Self.standardOutput ? .standardOutput : Self.resolve(path) {
        case .standardOutput where allowsStandardOutput:
            (folder, folderPath, name, temporaryName, mode, owner, descriptor) = (-1, "", "", "", 0, nil, 1)
            return
        case .standardOutput where path == Self.standardOutput:
            target = path
        case .standardOutput, .descriptor:
            throw .notAFile(path, kind: "a link to an open file descriptor", offersStandardOutput: allowsStandardOutput)
        case .dangling(let end):
            throw .danglingLink(path, target: end)
        case .untrusted(let link):
            throw .untrustedLink(path, link: link)
        case .path(let end):
            target = end
        }
        let slash = target.lastIndex(of: "/")
        folderPath = slash.map { target[..<$0].isEmpty ? "/" : String(target[..<$0]) } ?? "."
        name = slash.map { String(target[target.index(after: $0)...]) } ?? target
        guard !name.isEmpty, name != ".", name != ".." else {
            // `out/` names a folder: say so only when there is one.
            var status = stat()
            guard stat(target, &status) == 0 else {
                let missing = target.hasSuffix("/") ? String(target.dropLast()) : target
                throw .missingFolder(path, folder: missing.isEmpty ? "/" : missing)
            }
            throw .notAFile(path, mode: status.st_mode, offersStandardOutput: allowsStandardOutput)
        }
        folder = open(folderPath, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else {
            let code = errno
            throw code == ENOENT || code == ENOTDIR
                ? .missingFolder(path, folder: folderPath) : .cannotCreate(path, folder: folderPath, errno: code)
        }
        do {
            (mode, owner) = try Self.replaced(
                name, in: folder, path: path, folderPath, ifExists: ifExists,
                allowsStandardOutput: allowsStandardOutput, through: target == path ? nil : target)
            (temporaryName, descriptor) = try Self.createTemporary(beside: name, in: folder, path: path, folderPath)
        } catch {
            close(folder)
            throw error
        }
    }

    deinit { discard() }

    // MARK: - Writing

    /// Appends `bytes`.
    ///
    /// - Throws: ``FileWriteError`` when the write fails (a full disk, say); every later call throws it again, and
    ///   ``commit()`` leaves the target as it was.
    public func write(_ bytes: UnsafeRawBufferPointer) throws(FileWriteError) {
        try write(bytes, at: nil)
    }

    /// Appends `bytes`.
    public func write(_ bytes: [UInt8]) throws(FileWriteError) {
        try write(bytes, at: nil)
    }

    /// Writes `bytes` at `offset` from the start, as `pwrite` does (a header completed at the end, say).
    public func write(_ bytes: [UInt8], at offset: Int) throws(FileWriteError) {
        try write(bytes, at: Optional(offset))
    }

    private func write(_ bytes: [UInt8], at offset: Int?) throws(FileWriteError) {
        // withUnsafeBytes rethrows untyped errors: the typed one is carried out by hand.
        let failure = bytes.withUnsafeBytes { raw -> FileWriteError? in
            do throws(FileWriteError) {
                try write(raw, at: offset)
                return nil
            } catch {
                return error
            }
        }
        if let failure { throw failure }
    }

    private func write(_ bytes: UnsafeRawBufferPointer, at offset: Int?) throws(FileWriteError) {
        if let failure { throw failure }
        precondition(isOpen, "SafeFileWriter written after commit() or discard()")
        guard let base = bytes.baseAddress else { return }
        var done = 0
        while done < bytes.count {
            let written =
                offset.map { pwrite(descriptor, base + done, bytes.count - done, off_t($0 + done)) }
                ?? Glibc.write(descriptor, base + done, bytes.count - done)
            if written < 0, errno == EINTR { continue }
            guard written > 0 else {
                // A regular file takes at least one byte or says why not; 0 is treated as a full disk.
                let failure = FileWriteError.writeFailed(path, errno: written == 0 ? ENOSPC : errno)
                self.failure = failure
                throw failure
            }
            done += written
        }
    }

    // MARK: - Ending

    /// Puts the file in place under its name: syncs it, gives it its mode, renames it over the target and syncs
    /// the folder. For standard output, only says whether every write went through.
    ///
    /// - Throws: ``FileWriteError`` when an earlier write failed, when the sync or rename fails, or, with
    ///   `.refuse`, when a file appeared at the target meanwhile; the temporary file is removed and the target is
    ///   as it was.
    public func commit() throws(FileWriteError) {
        if let failure {
            discard()
            throw failure
        }
        precondition(isOpen, "SafeFileWriter committed twice, or after discard()")
        guard !isStandardOutput else {
            isOpen = false
            return
        }
        if let owner, owner != (geteuid(), getegid()) {
            // Only root may give a file away; anyone else's replacement is theirs, as with any editor.
            _ = fchown(descriptor, owner.user, owner.group)
        }
        if fsync(descriptor) != 0 || fchmod(descriptor, mode) != 0 {
            let failure = FileWriteError.writeFailed(path, errno: errno)
            discard()
            throw failure
        }
        close(descriptor)
        descriptor = -1
        if let failure = place() {
            discard()
            throw failure
        }
        isOpen = false
        // Makes the rename itself survive a power cut. Some file systems cannot sync a folder (EINVAL); the file
        // is whole and in place by then, so that is no reason to report a failure.
        _ = fsync(folder)
        close(folder)
    }

    /// Drops what was written: removes the temporary file and leaves the target as it was. Safe to call twice.
    public func discard() {
        guard isOpen else { return }
        isOpen = false
        guard !isStandardOutput else { return }
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
        unlinkat(folder, temporaryName, 0)
        close(folder)
    }

    /// Renames the temporary file to the target's name, never over a file with `.refuse`; nil when done.
    private func place() -> FileWriteError? {
        if ifExists == .replace {
            return renameat(folder, temporaryName, folder, name) == 0 ? nil : .writeFailed(path, errno: errno)
        }
        // A hard link fails with EEXIST when anything is at the name: a no-replace rename in two steps (Swift's
        // Glibc has no renameat2).
        if linkat(folder, temporaryName, folder, name, 0) == 0 {
            unlinkat(folder, temporaryName, 0)
            return nil
        }
        switch errno {
        case EEXIST: return .exists(path)
        case EPERM, EOPNOTSUPP, EMLINK:
            // A file system without hard links (FAT, as on a card's boot partition): look, then rename.
            var existing = stat()
            if fstatat(folder, name, &existing, AT_SYMLINK_NOFOLLOW) == 0 { return .exists(path) }
            return renameat(folder, temporaryName, folder, name) == 0 ? nil : .writeFailed(path, errno: errno)
        default:
            return .writeFailed(path, errno: errno)
        }
    }

    // MARK: - Opening

    /// The mode the new file gets (the replaced file's, or 0644 less the umask) and the owner it keeps; throws for
    /// what may not be replaced.
    ///
    /// - Parameter linkTarget: the file a link at `path` leads to, which `name` names, or nil when `path` is no link.
    private static func replaced(
        _ name: String, in folder: Int32, path: String, _ folderPath: String, ifExists: IfExists,
        allowsStandardOutput: Bool, through linkTarget: String?
    ) throws(FileWriteError) -> (mode_t, (user: uid_t, group: gid_t)?) {
        let fresh = (0o644 & ~umaskValue, nil as (user: uid_t, group: gid_t)?)
        var existing = stat()
        guard fstatat(folder, name, &existing, AT_SYMLINK_NOFOLLOW) == 0 else {
            let code = errno
            guard code == ENOENT else { throw .cannotCreate(path, folder: folderPath, errno: code) }
            return fresh
        }
        switch existing.st_mode & S_IFMT {
        case S_IFREG:
            guard ifExists == .replace else {
                throw linkTarget.map { .existingLink(path, target: $0) } ?? .exists(path)
            }
            return (existing.st_mode & 0o777, (existing.st_uid, existing.st_gid))
        case S_IFLNK:
            // Links were followed to their end before: this one appeared since. Never followed, nor replaced.
            throw .exists(path)
        default:
            throw .notAFile(path, mode: existing.st_mode, offersStandardOutput: allowsStandardOutput)
        }
    }

    /// Creates a file nobody else can have named: a random name, `O_EXCL` (never an existing file), `O_NOFOLLOW`
    /// (never through a link).
    private static func createTemporary(
        beside name: String, in folder: Int32, path: String, _ folderPath: String
    ) throws(FileWriteError) -> (String, Int32) {
        // Short enough that the name stays under NAME_MAX (255 bytes) however long the target's is.
        var stem = ""
        for character in name where stem.utf8.count + character.utf8.count <= 160 { stem.append(character) }
        for _ in 0..<16 {
            let candidate = ".\(stem).\(String(UInt64.random(in: 0...UInt64.max), radix: 36)).tmp"
            let descriptor = openat(
                folder, candidate, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if descriptor >= 0 { return (candidate, descriptor) }
            guard errno == EEXIST else { throw .cannotCreate(path, folder: folderPath, errno: errno) }
        }
        throw .cannotCreate(path, folder: folderPath, errno: EEXIST)
    }

    /// The process's umask, read where reading does not change it (`umask()` would, for every thread).
    private static let umaskValue: mode_t = {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        for line in status.split(separator: "\n") where line.hasPrefix("Umask:") {
            if let value = mode_t(line.dropFirst("Umask:".count).trimmingCharacters(in: .whitespaces), radix: 8) {
                return value
            }
        }
        return 0o022
    }()
}

extension SafeFileWriter {
    /// Writes `bytes` to `path` in one go: check, write, commit.
    ///
    /// - Throws: ``FileWriteError``, as the initialiser, ``write(_:)-([UInt8])`` and ``commit()`` do.
    public static func write(
        _ bytes: [UInt8], to path: String, ifExists: IfExists, allowsStandardOutput: Bool = true
    ) throws(FileWriteError) {
        let file = try SafeFileWriter(path: path, ifExists: ifExists, allowsStandardOutput: allowsStandardOutput)
        try file.write(bytes)
        try file.commit()
    }

    /// Writes `text` as UTF-8 to `path` in one go.
    public static func write(_ text: String, to path: String, ifExists: IfExists) throws(FileWriteError) {
        try write(Array(text.utf8), to: path, ifExists: ifExists)
    }
}
