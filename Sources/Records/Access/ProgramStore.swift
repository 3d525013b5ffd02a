import Foundation

/// What the web app's programs pages read and change of the store: the programs, one by id, and the CLI's own
/// changes (`stayfit programs rate`, `copy`, `edit`, `import`), through the same store calls.
///
/// `HubStore` conforms. A text is validated (`Program(toml:file:)`) before it is given here; the store does not
/// read programs.
///
/// ```swift
/// try await store.syncBuiltInPrograms(BuiltInPrograms.texts)
/// let rated = try await store.rateProgram(id: "vo2max-4x4", up: true)
/// ```
public protocol ProgramStore: ProgramShelf {
    /// Brings the stored built-ins up to date with `builtIns` (votes and hidden states stay).
    func syncBuiltInPrograms(_ builtIns: [BuiltInProgramText], at date: Date) async throws
    /// The program a person names by `id`, hidden or not; nil when there is none.
    func program(id: String) async throws -> StoredProgram?
    /// Stores a personal program and returns it with its new id.
    func addProgram(name: String, kind: WorkoutKind, text: String, copiedFrom: String?, at date: Date) async throws
        -> StoredProgram
    /// Replaces a personal program's name, kind and text; throws the store's not-found error for a built-in.
    func updateProgram(id: String, name: String, kind: WorkoutKind, text: String, at date: Date) async throws
    /// Adds one vote; nil when there is no such program.
    func rateProgram(id: String, up: Bool) async throws -> StoredProgram?
}
