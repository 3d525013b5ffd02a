import Foundation

/// A guided program as the store keeps it: its TOML text, with the votes and the state a person gave it.
///
/// The text is the `Programs` module's file form; read it with `Program(toml:file:)`.
public struct StoredProgram: Sendable, Equatable, Codable {
    /// What a person types to name it: a built-in's id (`vo2max-4x4`) or a personal program's number (`12`).
    public var id: String
    public var name: String
    public var kind: WorkoutKind
    /// The program's TOML file form.
    public var text: String
    public var ups: Int
    public var downs: Int
    /// True for a program the hub comes with: it can be rated and hidden, not edited or deleted.
    public var builtIn: Bool
    /// A hidden built-in is left out of lists until restored.
    public var hidden: Bool
    /// The id of the program this one was copied from, if it is a copy.
    public var copiedFrom: String?

    public init(
        id: String, name: String, kind: WorkoutKind, text: String, ups: Int = 0, downs: Int = 0,
        builtIn: Bool = false, hidden: Bool = false, copiedFrom: String? = nil
    ) {
        self.id = id
        self.name = name
        self.kind = kind
        self.text = text
        self.ups = ups
        self.downs = downs
        self.builtIn = builtIn
        self.hidden = hidden
        self.copiedFrom = copiedFrom
    }

    /// Up votes less down votes; lists put the highest first.
    public var rating: Int { ups - downs }
}
