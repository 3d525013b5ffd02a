import Foundation
import HubCore
import HubStore
import Programs
import Records

/// The programs as the `stayfit programs` commands see them: the store, with the built-ins brought up to date
/// first, each stored text read back as a `Program`.
struct ProgramCatalog {
    let store: HubStore

    /// Opens the store and refreshes its built-ins from `BuiltInPrograms.all`.
    init(_ options: StoreOptions) async throws {
        store = try options.openStore()
        try await store.syncBuiltInPrograms(BuiltInPrograms.storable)
    }

    /// The program named `id`, or a message saying there is none and how to find the ids.
    func program(_ id: String) async throws -> StoredProgram {
        guard let stored = try await store.program(id: id) else { throw Self.noSuchProgram(id) }
        return stored
    }

    static func noSuchProgram(_ id: String) -> CLIError {
        CLIError(
            "there is no program \(Format.printable(id, limit: 60)); see the ids with: stayfit programs list --all",
            exitCode: 65)
    }

    /// Reads a stored text; a text that no longer reads (a later version's key, say) is reported, not a crash.
    static func parsed(_ stored: StoredProgram) throws -> Program {
        do {
            return try Program(toml: stored.text, file: "program \(stored.id)")
        } catch {
            throw CLIError("\(error)", exitCode: 65)
        }
    }
}
