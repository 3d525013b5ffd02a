import ArgumentParser
import Foundation
import HubCore
import HubStore

struct ResetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reset",
        abstract:
            "Delete all your data: profile, goals, reminders, your programs and votes, every workout, the all-day "
            + "heart-rate log and the remembered strap. Asks first unless --yes.",
        discussion: """
            The configuration file stays. 'stayfit profile reset' deletes the profile alone. Refused while a hub \
            runs on the same data directory: stop the hub first.
            """)
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
            let what = Self.whatIsDeleted(workouts: try await store.rowCounts()["workouts"] ?? 0)
            if !yes {
                print("This deletes \(what) in \(store.path).")
                print("Type yes to delete everything: ", terminator: "")
                guard readLine()?.trimmingCharacters(in: .whitespaces).lowercased() == "yes" else {
                    print("Nothing deleted.")
                    return
                }
            }
            try await store.deleteAllUserData()
            // Said with --yes too: a script's log should show that the heart-rate log and the strap went as well.
            print("Deleted \(what).")
        }
    }

    /// Everything `deleteAllUserData` removes, in the person's words: "your profile, goals, reminders, all 3
    /// workouts, the all-day heart-rate log and the remembered strap" (no workouts named when there are none).
    static func whatIsDeleted(workouts: Int) -> String {
        let all = workouts == 0 ? "" : workouts == 1 ? "the 1 workout, " : "all \(workouts) workouts, "
        return
            "your profile, goals, reminders, programs and votes, \(all)the all-day heart-rate log and the remembered strap"
    }
}
