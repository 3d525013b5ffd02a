import ArgumentParser
import Foundation
import HubCore
import HubStore

/// `--person NAME`: a command acts for that person, and who is current stays who it was.
///
/// For a household at one hub: Kim logs her lunch while Sam is the one the hub records for, and Sam's next workout
/// is still Sam's.
struct PersonOption: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "For this person (any case) instead of the current one; who is current does not change.",
            valueName: "name"))
    var person: String?

    /// The store `storeOptions` opens, acting for `--person` when it is given.
    ///
    /// - Throws: `CLIError` (exit 65) when nobody has that name, saying who there is and how to add someone; nothing
    ///   is written then.
    func openStore(_ storeOptions: StoreOptions) async throws -> HubStore {
        let store = try storeOptions.openStore()
        guard let person else { return store }
        if let found = try await store.person(named: person) { return store.acting(for: found) }
        throw Self.nobodyCalled(person, among: try await store.people().map(\.name))
    }

    /// "there is nobody called "Kimm" on this hub; there are Kim and Sam. Add a person with: stayfit people add NAME"
    static func nobodyCalled(_ name: String, among names: [String]) -> CLIError {
        let who =
            switch names.count {
            case 0: "there is nobody yet"
            case 1: "there is only \(PersonLines.name(names[0]))"
            default:
                "there are "
                    + names.dropLast().map(PersonLines.name).joined(separator: ", ") + " and "
                    + PersonLines.name(names[names.count - 1])
            }
        return CLIError(
            "there is nobody called \"\(Format.printable(name, limit: HubStore.longestPersonName))\" on this hub; "
                + "\(who). Add a person with: stayfit people add NAME",
            exitCode: 65)
    }
}
