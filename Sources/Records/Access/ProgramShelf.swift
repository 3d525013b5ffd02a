/// Where the guided programs a person can choose are read: the built-in ones the store has taken in and the
/// person's own (imported, copied, edited), each with its TOML text.
///
/// `HubStore` conforms.
///
/// ```swift
/// let shelf = try context.store((any ProgramShelf).self)
/// for stored in try await shelf.programs(includingHidden: false) { … }
/// ```
public protocol ProgramShelf: Sendable {
    /// Best rated first, then by name; hidden built-ins too when `includingHidden`.
    func programs(includingHidden: Bool) async throws -> [StoredProgram]
}
