import ArgumentParser
import Foundation
import HubCore
import HubStore

struct ResetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reset",
        abstract:
            "Delete everything the hub holds: every person with their profile, goals, reminders, food and weight logs, "
            + "own foods and favourites; every workout; the programs made here and the votes; the all-day heart-rate "
            + "log; and the remembered straps and sensors. Asks first unless --yes.",
        discussion: """
            The configuration file and the built-in programs stay. To remove one person and what is theirs, use \
            'stayfit people remove NAME'; 'stayfit profile reset' deletes the current person's profile alone. \
            Refused while a hub runs on the same data directory: stop the hub first.
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
            let counts = try await store.rowCounts()
            let what = Self.whatIsDeleted(people: counts["people"] ?? 0, workouts: counts["workouts"] ?? 0)
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

    /// Everything `deleteAllUserData` removes, in plain words: "all 2 people on this hub with their profiles,
    /// goals, reminders, food and weight logs, own foods and favourites; all 3 workouts; the programs made here and
    /// the votes; the all-day heart-rate log; and the remembered straps and sensors".
    ///
    /// The people are counted (a household may forget who else has a profile); workouts are named only when there
    /// are some. What nobody owns yet (a food logged before anyone was added) goes too: it is in the same words.
    static func whatIsDeleted(people: Int, workouts: Int) -> String {
        let records = "goals, reminders, food and weight logs, own foods and favourites"
        let who =
            switch people {
            case 0: "the \(records)"
            case 1: "the 1 person on this hub with their profile, \(records)"
            default: "all \(Format.counted(people, "person", "people")) on this hub with their profiles, \(records)"
            }
        let parts = [
            who, workouts == 0 ? nil : workouts == 1 ? "the 1 workout" : "all \(Format.counted(workouts, "workout"))",
            "the programs made here and the votes", "the all-day heart-rate log",
        ].compactMap { $0 }
        return parts.joined(separator: "; ") + "; and the remembered straps and sensors"
    }
}
