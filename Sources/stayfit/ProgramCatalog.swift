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
        try await store.syncBuiltInPrograms(
            BuiltInPrograms.all.map { entry in
                HubStore.BuiltInProgramText(
                    id: entry.id, name: entry.program.name, kind: entry.program.kind, text: entry.toml)
            })
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

    /// "about 42 min", "about 1 h 5 min": an estimate, said as one.
    static func about(_ duration: Duration) -> String {
        let minutes = max(1, Int((Double(duration.components.seconds) / 60).rounded()))
        guard minutes >= 60 else { return "about \(minutes) min" }
        let rest = minutes % 60
        return "about \(minutes / 60) h" + (rest == 0 ? "" : " \(rest) min")
    }

    /// "+3", "0", "-1".
    static func rating(_ stored: StoredProgram) -> String {
        stored.rating > 0 ? "+\(stored.rating)" : "\(stored.rating)"
    }
}
