/// A built-in program as the store takes it in: the `Programs` module's id, name, kind and TOML text.
///
/// The store does not read programs, so whoever shows them hands it `BuiltInPrograms.texts` first
/// (``ProgramStore/syncBuiltInPrograms(_:)``).
public struct BuiltInProgramText: Sendable, Equatable {
    public var id: String
    public var name: String
    public var kind: WorkoutKind
    public var text: String

    public init(id: String, name: String, kind: WorkoutKind, text: String) {
        self.id = id
        self.name = name
        self.kind = kind
        self.text = text
    }
}
