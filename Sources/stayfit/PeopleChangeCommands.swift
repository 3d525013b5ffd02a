import ArgumentParser
import Foundation
import HubCore
import HubStore

struct PeopleAddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Add a person, with their profile if you give it.",
        discussion: """
            A name is 1 to 60 characters, without control characters, and not another person's in any case. A \
            profile is all of --birth-date, --gender, --height and --weight (and --ftp if you like), checked as \
            'stayfit profile set' checks them; without it calorie estimates assume a 70 kg, 35-year-old adult. The \
            first person takes what the hub recorded before it had anyone.
            """)
    @OptionGroup var storeOptions: StoreOptions
    @Argument(help: "The person's name, e.g. Alex.") var name: String
    @Option(help: ArgumentHelp("Date of birth.", valueName: "YYYY-MM-DD")) var birthDate: String?
    @Option(help: ArgumentHelp("male, female or other (other averages the calorie formulas).", valueName: "gender"))
    var gender: String?
    @Option(help: ArgumentHelp("Height in centimetres.", valueName: "cm")) var height: String?
    @Option(help: ArgumentHelp("Weight in kilograms.", valueName: "kg")) var weight: String?
    @Option(help: ArgumentHelp("Functional threshold power, 50 to 600 W.", valueName: "watts")) var ftp: String?

    func run() async throws {
        try await reportingErrors {
            try await PersonLines.refusingBadData {
                // The name first, and before the store is opened: a bad one is the first thing to say.
                let name = try HubStore.validatedPersonName(name)
                let profile = try self.profile(named: name)
                let store = try storeOptions.openStore()
                let person = try await store.addPerson(named: name, profile: profile)
                let current = person.isCurrent ? " The hub records for them." : ""
                print("Added \(PersonLines.name(person.name)).\(current)")
            }
        }
    }

    /// The profile given, checked by `stayfit profile set`'s rules and words; nil when no field of it is.
    private func profile(named name: String) throws -> Profile? {
        guard [birthDate, gender, height, weight, ftp].contains(where: { $0 != nil }) else { return nil }
        let form = ProfileForm(
            name: name, birthDate: birthDate, gender: gender, height: height, weight: weight, ftp: ftp)
        do throws(ProfileError) {
            return try form.validated(against: nil, today: Date())
        } catch {
            throw CLIError("\(error.message): \(error.hint).", exitCode: 65)
        }
    }
}

struct PeopleRenameCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rename", abstract: "Give a person another name; everything of theirs stays theirs.")
    @OptionGroup var storeOptions: StoreOptions
    @Argument(help: "Their name now (any case).") var name: String
    @Argument(help: "The new name.") var newName: String

    func run() async throws {
        try await reportingErrors {
            try await PersonLines.refusingBadData {
                let renamed = try await storeOptions.openStore().renamePerson(name, to: newName)
                print("Renamed \"\(Format.printable(name))\" to \(PersonLines.name(renamed.name)).")
            }
        }
    }
}

struct PeopleRemoveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Remove a person with their workouts, goals, reminders and heart-rate log; nobody else's.",
        discussion: """
            Says what goes and asks first on a terminal unless --yes; without a terminal --yes is needed. Refused \
            while a workout of theirs is being recorded: stop it first.
            """)
    @OptionGroup var storeOptions: StoreOptions
    @Argument(help: "The person's name (any case).") var name: String
    @Flag(help: "Do not ask (for scripts).") var yes = false

    func run() async throws {
        try await reportingErrors {
            guard yes || isatty(STDIN_FILENO) == 1 else {
                throw CLIError(
                    "not removing \"\(Format.printable(name))\": there is no terminal to confirm on; add --yes to "
                        + "remove them from a script", exitCode: 64)
            }
            try await PersonLines.refusingBadData {
                let store = try storeOptions.openStore()
                guard let person = try await store.person(named: name) else { throw PersonLines.nobodyCalled(name) }
                let shown = PersonLines.name(person.name)
                if !yes {
                    let what = PersonLines.deleted(try await store.belongings(of: person.id))
                    print("This removes \(shown) and deletes \(what). Remove them? [y/N] ", terminator: "")
                    guard ["y", "yes"].contains(readLine()?.trimmingCharacters(in: .whitespaces).lowercased() ?? "")
                    else { return print("\(shown) kept; nothing deleted.") }
                }
                // Counted again as it goes: the hub may have added a workout or a heart-rate second meanwhile. The
                // store refuses, deleting nothing, while a workout of theirs is unfinished.
                let deleted = try await store.removePerson(named: person.name)
                print("Removed \(shown) and deleted \(PersonLines.deleted(deleted)).")
            }
        }
    }
}
