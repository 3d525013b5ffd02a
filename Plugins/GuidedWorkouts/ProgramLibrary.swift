import HubCore
import Programs

/// Where the plugin finds the programs a person can choose, in the order `next-program` goes through them.
///
/// The hub's store (``ShelfProgramLibrary``), or the built-in programs alone where there is none.
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

/// The store's programs (``ProgramShelf``), best rated first, then the built-in ones the store has not taken in yet
/// (it takes them in when a `stayfit programs` command first runs); a hidden built-in is left out, and a stored
/// text that no longer reads (written by a newer hub) is skipped rather than failing the others.
public struct ShelfProgramLibrary: ProgramLibrary {
    private let shelf: any ProgramShelf

    public init(shelf: any ProgramShelf) { self.shelf = shelf }

    public func programs() async throws -> [ProgramLibraryEntry] {
        let stored = try await shelf.programs(includingHidden: true)
        var entries: [ProgramLibraryEntry] = []
        for program in stored where !program.hidden {
            guard let parsed = try? Program(toml: program.text, file: "program \(program.id)") else { continue }
            entries.append(ProgramLibraryEntry(id: program.id, program: parsed))
        }
        let known = Set(stored.map(\.id))
        for builtIn in BuiltInPrograms.all where !known.contains(builtIn.id) {
            entries.append(ProgramLibraryEntry(id: builtIn.id, program: builtIn.program))
        }
        return entries
    }
}

extension [ProgramLibraryEntry] {
    /// The entry whose id or name is `text`, case and spacing aside.
    public func named(_ text: String) -> ProgramLibraryEntry? {
        let wanted = Self.folded(text)
        return first { Self.folded($0.id) == wanted } ?? first { Self.folded($0.program.name) == wanted }
    }

    private static func folded(_ text: String) -> String {
        text.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
