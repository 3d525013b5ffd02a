import Programs

/// Where the plugin finds the programs a person can choose, in the order `next-program` goes through them.
///
/// The built-in programs for now; the store's programs (with the built-in ones) conform later.
///
/// ```swift
/// struct StoredPrograms: ProgramLibrary {
///     func programs() async throws -> [ProgramLibraryEntry] { try await store.programs().map { … } }
/// }
/// ```
public protocol ProgramLibrary: Sendable {
    func programs() async throws -> [ProgramLibraryEntry]
}

/// A program a person can choose, and the id it is chosen by.
public struct ProgramLibraryEntry: Sendable, Equatable {
    public var id: String
    public var program: Program

    public init(id: String, program: Program) {
        self.id = id
        self.program = program
    }
}

/// `BuiltInPrograms.all`.
public struct BuiltInProgramLibrary: ProgramLibrary {
    public init() {}

    public func programs() async throws -> [ProgramLibraryEntry] {
        BuiltInPrograms.all.map { ProgramLibraryEntry(id: $0.id, program: $0.program) }
    }
}

extension [ProgramLibraryEntry] {
    /// The entry whose id or name is `text`, case and spacing aside.
    func named(_ text: String) -> ProgramLibraryEntry? {
        let wanted = Self.folded(text)
        return first { Self.folded($0.id) == wanted } ?? first { Self.folded($0.program.name) == wanted }
    }

    private static func folded(_ text: String) -> String {
        text.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
