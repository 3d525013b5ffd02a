/// A part of the store another process may change while the hub runs: a row of the `change_counters` table, whose
/// version triggers bump on every change.
///
/// An open set, like the sensor kinds: a store extension for a new kind of data (programs, foods) adds its counter in
/// a migration and its name here, and the hub's store watcher reports its changes with no change of its own.
public struct StoreSection: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }

    public var description: String { rawValue }

    public static let profile = StoreSection(rawValue: "profile")
    public static let goals = StoreSection(rawValue: "goals")
    public static let devices = StoreSection(rawValue: "devices")
    public static let reminders = StoreSection(rawValue: "reminders")
}
