import ArgumentParser
import Foundation
import HubCore

struct ProfileCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "profile", abstract: "Show, set or reset the profile used for calorie estimates.",
        subcommands: [Show.self, Set.self, Reset.self], defaultSubcommand: Show.self)

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show the profile.")
        @OptionGroup var storeOptions: StoreOptions
        @Flag(help: "Print JSON.") var json = false

        func run() async throws {
            try await reportingErrors {
                guard let profile = try await storeOptions.openStore().profile() else {
                    if json { return print("null") }
                    return print(
                        "No profile yet. Set one: stayfit profile set --name Alex --birth-date 1990-04-21 --gender female --height 168 --weight 61"
                    )
                }
                if json { return print(try JSON.string(profile)) }
                let age = profile.ageYears(on: Date()).map { " (\(Format.counted($0, "year")))" } ?? ""
                print("Name                   \(Format.printable(profile.name, limit: ProfileForm.longestName))")
                print("Birth date             \(profile.birthDate)\(age)")
                print("Gender                 \(profile.gender.rawValue)")
                print("Height                 \(number(profile.heightCentimeters)) cm")
                print("Weight                 \(number(profile.weightKilograms)) kg")
                print("Heart-rate monitoring  \(profile.heartRateMonitoring ? "on (all day)" : "off (workouts only)")")
                print(
                    "FTP                    \(profile.ftpWatts.map { "\($0) W" } ?? "not set (stayfit profile set --ftp 230)")"
                )
            }
        }

        private func number(_ value: Double) -> String {
            value.rounded() == value ? String(Int(value)) : Format.fixed(value, decimals: 1)
        }
    }

    struct Set: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Set the profile; fields left out keep their stored values.",
            discussion: "A running hub uses the new values within 2 seconds.")
        @OptionGroup var storeOptions: StoreOptions
        @Option(help: "Your name.") var name: String?
        @Option(help: ArgumentHelp("Date of birth.", valueName: "YYYY-MM-DD")) var birthDate: String?
        @Option(help: ArgumentHelp("male, female or other (other averages the calorie formulas).", valueName: "gender"))
        var gender: String?
        @Option(help: ArgumentHelp("Height in centimetres.", valueName: "cm")) var height: String?
        @Option(help: ArgumentHelp("Weight in kilograms.", valueName: "kg")) var weight: String?
        @Option(help: ArgumentHelp("Log heart rate all day, not only in workouts.", valueName: "on|off"))
        var heartRateMonitoring: Switch?
        @Option(
            help: ArgumentHelp(
                "Functional threshold power, 50 to 600 W: a program's \"% of FTP\" targets are worked out from it.",
                valueName: "watts"))
        var ftp: String?

        enum Switch: String, ExpressibleByArgument, CaseIterable { case on, off }

        func run() async throws {
            try await reportingErrors {
                let store = try storeOptions.openStore()
                let existing = try await store.profile()
                // A person added by name alone ('stayfit people add Sam') has no profile yet, but their name stands.
                let unnamed = existing == nil && name == nil
                let form = ProfileForm(
                    name: unnamed ? try await store.currentPerson()?.name : name, birthDate: birthDate, gender: gender,
                    height: height, weight: weight, heartRateMonitoring: heartRateMonitoring.map { $0 == .on },
                    ftp: ftp)
                let profile: Profile
                do throws(ProfileError) {
                    profile = try form.validated(against: existing, today: Date())
                } catch {
                    throw CLIError("\(error.message): \(error.hint).", exitCode: 65)
                }
                // Refused when the name is another person's.
                try await PersonLines.refusingBadData { try await store.saveProfile(profile) }
                print("Profile saved.")
            }
        }
    }

    /// The seed app's "reset" of the profile: the profile goes, everything else stays.
    struct Reset: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Delete the profile (birth date, gender, height, weight, FTP); the person, their name, workouts and "
                + "goals stay.",
            discussion: """
                Calorie estimates then assume a 70 kg, 35-year-old adult until 'stayfit profile set'. Asks first \
                on a terminal unless --yes; without a terminal --yes is needed. A running hub uses the change \
                within 2 seconds.
                """)
        @OptionGroup var storeOptions: StoreOptions
        @Flag(help: "Do not ask (for scripts).") var yes = false

        func run() async throws {
            try await reportingErrors {
                guard yes || isatty(STDIN_FILENO) == 1 else {
                    throw CLIError(
                        "not resetting the profile: there is no terminal to confirm on; add --yes to reset it from a "
                            + "script", exitCode: 64)
                }
                let store = try storeOptions.openStore()
                guard try await store.profile() != nil else {
                    return print("There is no profile to reset; nothing changed.")
                }
                if !yes {
                    print(
                        "This deletes your profile (birth date, gender, height, weight, FTP). Delete it? [y/N] ",
                        terminator: "")
                    guard ["y", "yes"].contains(readLine()?.trimmingCharacters(in: .whitespaces).lowercased() ?? "")
                    else { return print("Profile kept.") }
                }
                try await store.deleteProfile()
                print(
                    "Profile deleted. Calorie estimates assume a 70 kg, 35-year-old adult until you set one: "
                        + "stayfit profile set --name Alex --birth-date 1990-04-21 --gender female --height 168 "
                        + "--weight 61")
            }
        }
    }
}
