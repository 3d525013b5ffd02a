import ArgumentParser
import Foundation
import HubCore

struct ResetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reset",
        abstract: "Delete all your data: profile, goals, reminders and every workout. Asks first unless --yes.",
        discussion: "Refused while a hub runs on the same data directory: stop the hub first.")
    @OptionGroup var storeOptions: StoreOptions
    @Flag(help: "Do not ask (for scripts).") var yes = false

    func run() async throws {
        try await reportingErrors {
            guard yes || isatty(STDIN_FILENO) == 1 else {
                throw CLIError(
                    "not resetting: there is no terminal to confirm on; add --yes to reset from a script", exitCode: 64)
            }
            // Held until the data is gone, so that no hub starts in the middle and goes on with a deleted workout.
            let lock: HubLock
            do {
                lock = try HubLock(directory: storeOptions.directory, purpose: .command)
            } catch let error as HubLockError {
                throw CLIError(
                    "not resetting: \(error.holder) is using the data directory \(error.directory), and would go on "
                        + "with the data deleted under it. Stop the hub first: systemctl stop stayfit (or 'quit' in its "
                        + "console), then reset.")
            }
            defer { withExtendedLifetime(lock) {} }
            let store = try storeOptions.openStore()
            if !yes {
                let workouts = try await store.rowCounts()["workouts"] ?? 0
                let all = workouts == 1 ? "the 1 workout" : "all \(workouts) workouts"
                print(
                    "This deletes your profile, goals, reminders, \(all), the all-day heart-rate log and the "
                        + "remembered strap in \(store.path).")
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
