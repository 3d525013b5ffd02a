import Foundation
import Programs
import Records

/// The programs as the pages find them: the store with its built-ins brought up to date first, as every `stayfit
/// programs` command does, and a path's id checked before it reaches the store.
enum ProgramLookup {
    /// Takes in `BuiltInPrograms.storable`, so a hub whose CLI never listed the programs still shows, rates and
    /// copies the built-ins.
    static func prepare(_ store: any ProgramStore) async throws {
        try await store.syncBuiltInPrograms(BuiltInPrograms.storable, at: Date())
    }

    /// The program `id` (the path's text) names, or nil.
    static func program(_ id: String, in store: any ProgramStore) async throws -> StoredProgram? {
        guard isPlausible(id) else { return nil }
        try await prepare(store)
        return try await store.program(id: id)
    }

    /// A built-in's id (`vo2max-4x4`) or a personal program's number (`12`): lower-case letters, digits and `-`,
    /// so an id a page puts in a link or a file name needs no escaping; anything else names no program.
    static func isPlausible(_ id: String) -> Bool {
        !id.isEmpty && id.count <= 60
            && id.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
    }

    /// `/programs/12`.
    static func page(_ id: String) -> String { "/programs/\(id)" }

    /// The stored text read back, as the CLI reads it (`program 12` in its messages).
    static func parsed(_ stored: StoredProgram) throws(ProgramError) -> Program {
        try Program(toml: stored.text, file: "program \(stored.id)")
    }
}
