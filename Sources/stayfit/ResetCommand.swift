import ArgumentParser
import Foundation
import HubCore

struct ResetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reset",
        abstract: "Delete all your data: profile, goals and every workout. Asks first unless --yes.")
    @OptionGroup var storeOptions: StoreOptions
    @Flag(help: "Do not ask (for scripts).") var yes = false

    func run() async throws {
        try await reportingErrors {
            let store = try storeOptions.openStore()
            if !yes {
                guard isatty(STDIN_FILENO) == 1 else {
                    throw CLIError("not resetting: there is no terminal to confirm on; add --yes to reset from a script")
                }
                let workouts = try await store.rowCounts()["workouts"] ?? 0
                print("This deletes your profile, goals and all \(workouts) workouts in \(store.path).")
                print("Type yes to delete everything: ", terminator: "")
                guard readLine()?.trimmingCharacters(in: .whitespaces).lowercased() == "yes" else {
                    print("Nothing deleted.")
                    return
                }
            }
            try await store.deleteAllUserData()
            print("All data deleted.")
        }
    }
}
