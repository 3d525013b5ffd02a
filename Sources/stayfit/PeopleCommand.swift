import ArgumentParser
import Foundation
import HubCore
import HubStore

struct PeopleCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "people",
        abstract:
            "Add, list, show, rename and remove the people who train on this hub, and choose whose workout is next.",
        discussion: """
            Each person has their own profile, goals, reminders, workouts and all-day heart-rate log. The hub records \
            for the current person ('stayfit people use NAME'); 'stayfit profile', 'goals', 'reminders', 'workouts' \
            and 'stats' show theirs.
            """,
        subcommands: [
            List.self, Show.self, PeopleAddCommand.self, PeopleRenameCommand.self, PeopleRemoveCommand.self,
            Use.self,
        ],
        defaultSubcommand: List.self)

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List everyone, the current person marked with *.")
        @OptionGroup var storeOptions: StoreOptions
        @Flag(help: "Print JSON: each person with their profile (null until given) and whether they are current.")
        var json = false

        func run() async throws {
            try await reportingErrors {
                let store = try storeOptions.openStore()
                let people = try await store.people()
                if json { return print(try JSON.string(people)) }
                guard !people.isEmpty else {
                    return print("Nobody yet. Add someone: stayfit people add Alex")
                }
                print("  Name                  Age  Weight     Workouts")
                for person in people {
                    let workouts = try await store.belongings(of: person.id).workouts
                    let age = person.profile?.ageYears(on: Date()).map(String.init) ?? "-"
                    let weight = person.profile.map { "\(PersonLines.number($0.weightKilograms)) kg" } ?? "-"
                    print(
                        (person.isCurrent ? "* " : "  ") + pad(PersonLines.name(person.name), 21) + " "
                            + pad(age, 4) + " " + pad(weight, 10) + " \(workouts)")
                }
            }
        }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show one person's profile and what they have stored.")
        @OptionGroup var storeOptions: StoreOptions
        @Argument(help: "The person's name (any case).") var name: String

        func run() async throws {
            try await reportingErrors {
                try await PersonLines.refusingBadData {
                    let store = try storeOptions.openStore()
                    guard let person = try await store.person(named: name) else {
                        throw PersonLines.nobodyCalled(name)
                    }
                    let stored = try await store.belongings(of: person.id)
                    for line in PersonLines.profile(of: person) + PersonLines.stored(stored) { print(line) }
                }
            }
        }
    }

    struct Use: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Make a person the current one: the next workout, goal and reminders are theirs.",
            discussion: """
                A workout under way stays whose it was, with their profile, goal and heart-rate log, until it ends. A \
                running hub uses the change within 2 seconds.
                """)
        @OptionGroup var storeOptions: StoreOptions
        @Argument(help: "The person's name (any case).") var name: String

        func run() async throws {
            try await reportingErrors {
                try await PersonLines.refusingBadData {
                    let person = try await storeOptions.openStore().setCurrentPerson(named: name)
                    let shown = PersonLines.name(person.name)
                    // While someone trains, their workout keeps their weight, goal and heart-rate log to the end.
                    print(
                        person.isCurrent
                            ? "The hub now records for \(shown): the next workout is theirs."
                            : "\(shown) is next: the hub records for them once the workout under way ends.")
                }
            }
        }
    }
}

private func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
}
