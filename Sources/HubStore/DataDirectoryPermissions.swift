import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// What the hub found, and did, about who may write into its data directory.
///
/// The database holds health data (heart rate, positions, a birth date): a directory others may write into lets
/// them replace the database or plant a link in its place. One the hub's user owns is tightened to 0700 (only that
/// user lists or writes it; the command line is used as that user, as systemd's `StateDirectoryMode=0700` makes
/// it); one another user owns cannot be changed by the hub, and is reported with what to run.
public enum DataDirectoryPermissions: Equatable, Sendable, CustomStringConvertible {
    /// Only its owner may write into it (or it does not exist yet: the store makes it 0700).
    case safe
    /// It was writable by its group or by everyone; the hub, its owner, made it 0700.
    case tightened(path: String, from: UInt16)
    /// It is writable by its group or by everyone, and another user owns it.
    case unsafe(path: String, mode: UInt16, owner: UInt32)

    /// The mode the hub gives a data directory it owns.
    public static let mode: UInt16 = 0o700

    /// Looks at `directory` and tightens it when the hub's user owns it.
    public static func secure(_ directory: URL) -> Self {
        let path = directory.path
        var info = stat()
        guard stat(path, &info) == 0 else { return .safe }
        let mode = UInt16(info.st_mode & 0o7777)
        guard mode & 0o022 != 0 else { return .safe }
        if info.st_uid == geteuid(), chmod(path, mode_t(Self.mode)) == 0 { return .tightened(path: path, from: mode) }
        return .unsafe(path: path, mode: mode, owner: info.st_uid)
    }

    public var description: String {
        switch self {
        case .safe:
            "the data directory is writable by its owner only"
        case .tightened(let path, let from):
            "the data directory \(path) was writable by \(Self.writers(from)) (mode \(Self.octal(from))); "
                + "changed to \(Self.octal(Self.mode)), so that only this user can reach the database"
        case .unsafe(let path, let mode, let owner):
            "the data directory \(path) is writable by \(Self.writers(mode)) (mode \(Self.octal(mode))) and owned by "
                + "user \(owner), not by this one: anyone may replace the database. Fix: chmod 700 \(path) as its "
                + "owner (or root)"
        }
    }

    private static func writers(_ mode: UInt16) -> String { mode & 0o002 != 0 ? "everyone" : "its group" }

    private static func octal(_ mode: UInt16) -> String { "0" + String(mode, radix: 8) }
}

extension DataDirectoryPermissions {
    /// Whether the hub made the directory safe itself (a notice), rather than only found it unsafe (a warning).
    public var isFixed: Bool {
        if case .tightened = self { true } else { false }
    }
}
