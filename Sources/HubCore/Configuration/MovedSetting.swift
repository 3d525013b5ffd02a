/// A setting that moved to another place in the file (a plugin took it over): found at its old place, the file is
/// refused with a message that says where it went, rather than read as before or left unused without a word.
///
/// Declared by the plugin that took it (`Plugin.movedSettings`), so the core names no plugin's settings:
///
/// ```swift
/// public static let movedSettings = [
///     MovedSetting(
///         from: ["heart-rate-log"], problem: "the heart-rate log's settings moved to [plugins.heart-rate-log]",
///         fix: "Rename [heart-rate-log] to [plugins.heart-rate-log].")
/// ]
/// ```
public struct MovedSetting: Sendable, Equatable {
    /// The old place: a table (`["heart-rate-log"]`) or a key in a table (`["reports", "hashtag"]`).
    public var keyPath: [String]
    public var problem: String
    public var fix: String

    public init(from keyPath: [String], problem: String, fix: String) {
        self.keyPath = keyPath
        self.problem = problem
        self.fix = fix
    }

    /// The error for the first of `settings` found in `root` (the one highest up in the file, as any other first
    /// mistake would be named), or nil when the file has none of them.
    static func firstFound(_ settings: [MovedSetting], in root: ConfigTable) -> ConfigurationError? {
        let found = settings.filter { root.contains(keyPath: $0.keyPath) }.map { setting in
            ConfigurationError(
                kind: .unknownKey, file: root.source.file, line: root.source.line(of: setting.keyPath),
                key: setting.keyPath.joined(separator: "."), problem: setting.problem, fix: setting.fix)
        }
        return found.min { ($0.line ?? .max) < ($1.line ?? .max) }
    }
}

extension ConfigTable {
    /// Whether the file sets this dotted path below this table, without counting it as read.
    func contains(keyPath: [String]) -> Bool {
        guard let first = keyPath.first, let value = values[first] else { return false }
        var current = value
        for key in keyPath.dropFirst() {
            guard case .table(let inner) = current, let next = inner[key] else { return false }
            current = next
        }
        return true
    }
}
