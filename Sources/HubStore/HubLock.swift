import Foundation

/// One hub per data directory: an exclusive `flock(2)` on `hub.lock` in the data directory.
///
/// `stayfit run` and `stayfit demo` hold it for the hub's lifetime, so a second hub on the same directory
/// does not "recover" the first one's live workout as if it had crashed. The kernel releases the lock when
/// its holder exits, however it exits: a `kill -9` or a crash leaves no stale lock behind, only the file.
/// The holder writes its PID and purpose into the file, so whoever finds it taken can say who has it.
///
/// Commands that must not run beside a hub (`reset`, deleting an unfinished workout) take the same lock for
/// their few moments: whoever holds it, no hub runs on the directory meanwhile.
///
/// ```swift
/// let lock = try HubLock(directory: directory, purpose: .hub)   // throws HubLockError when taken
/// defer { withExtendedLifetime(lock) {} }                        // held until the hub has stopped
/// try await hub.run()
/// ```
public final class HubLock: Sendable {
    /// The lock file's name inside the data directory.
    public static let fileName = "hub.lock"

    /// What a holder is doing, written into the lock file for whoever finds it taken.
    public enum Purpose: String, Sendable {
        /// A running hub (`stayfit run`, `stayfit demo`).
        case hub
        /// A command that changes data a hub would be using (`stayfit reset`, `stayfit workouts delete`).
        case command
    }

    /// The lock file.
    public let path: String
    private let descriptor: Int32

    /// Takes the lock on `directory`, creating the directory (mode 0700) and the lock file (0600) if needed.
    ///
    /// Does not wait: a lock held by another process is an error at once.
    ///
    /// - Throws: `HubLockError` when another process holds the lock; `HubStoreError` when the directory or
    ///   the file cannot be made or opened, or when `hub.lock` is a symbolic link or anything but a regular file.
    public init(directory: URL, purpose: Purpose) throws {
        do {
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw HubStoreError.cannotCreateDirectory(directory.path, reason: error.localizedDescription)
        }
        let path = directory.appendingPathComponent(Self.fileName).path
        // Never through a link nor onto anything but a regular file: the file is truncated and written below (as
        // root, a planted `hub.lock -> /etc/shadow` emptied that). O_CLOEXEC: a child process must not inherit the
        // lock and keep it after the hub has gone.
        let descriptor = try DataDirectoryFile.open(path, flags: O_RDWR)
        var result: Int32
        repeat { result = flock(descriptor, LOCK_EX | LOCK_NB) } while result != 0 && errno == EINTR
        guard result == 0 else {
            let reason = errno
            let holder = Self.holder(readingFrom: descriptor)
            close(descriptor)
            guard reason == EWOULDBLOCK else {
                throw HubStoreError.cannotOpen(path, reason: "cannot lock it: \(String(cString: strerror(reason)))")
            }
            throw HubLockError(directory: directory.path, processID: holder?.processID, purpose: holder?.purpose)
        }
        // Ours now: replace what an earlier holder left. Should the write fail, the lock holds all the same;
        // only the message a second hub prints lacks the PID.
        let record = Array("\(getpid()) \(purpose.rawValue)\n".utf8)
        _ = ftruncate(descriptor, 0)
        _ = record.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
        self.path = path
        self.descriptor = descriptor
    }

    /// Releases the lock (closing the file releases the `flock`).
    deinit { close(descriptor) }

    /// The PID and purpose the holder wrote, if they can be read.
    private static func holder(readingFrom descriptor: Int32) -> (processID: Int32, purpose: Purpose?)? {
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        let words = String(decoding: buffer[0..<count], as: UTF8.self).split(whereSeparator: \.isWhitespace)
        guard let first = words.first, let processID = Int32(first), processID > 0 else { return nil }
        return (processID, words.dropFirst().first.flatMap { Purpose(rawValue: String($0)) })
    }
}

/// Another process holds the data directory's `HubLock`: a hub is running on it (or a command that must
/// not run beside one is under way).
public struct HubLockError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The data directory.
    public let directory: String
    /// The holder's PID, when it could be read from the lock file.
    public let processID: Int32?
    /// What the holder said it is doing, when it could be read.
    public let purpose: HubLock.Purpose?

    /// "a hub (PID 1234)", or as much of it as is known.
    public var holder: String {
        let who = purpose == .command ? "another stayfit command" : "a hub"
        return who + (processID.map { " (PID \($0))" } ?? "")
    }

    public var description: String {
        purpose == .command
            ? "\(holder) is using the data directory \(directory)"
            : "\(holder) is already running on the data directory \(directory)"
    }
}
