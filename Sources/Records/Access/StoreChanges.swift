/// What the hub's store watcher needs of the store: where it lives, and a version per section that another process
/// (the `stayfit` CLI) bumps when it changes that section.
///
/// `HubStore` conforms.
///
/// ```swift
/// let before = try await changes.changeVersions()
/// // … the file `changeMarkerFileName` in the database's directory was written …
/// let changed = try await changes.changeVersions().filter { before[$0.key] != $0.value }.keys
/// ```
public protocol StoreChanges: Sendable {
    /// The database file.
    var path: String { get }
    /// The file, next to the database, that another process writes after each of its writes.
    var changeMarkerFileName: String { get }
    /// A version number per section, bumped on every change by any process.
    func changeVersions() async throws -> [StoreSection: Int64]
}
