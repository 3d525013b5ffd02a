import ArgumentParser
import Foundation
import HubCore
import HubStore
import Reminders

struct RemindersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reminders",
        abstract: "List, add, edit, delete, enable or disable reminders to train; export them as a calendar.",
        discussion: "A running hub fires them at their local time and picks up changes within 2 seconds.",
        subcommands: [List.self, Add.self, Edit.self, Delete.self, Enable.self, Disable.self, Export.self],
        defaultSubcommand: List.self)

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the reminders.")
        @OptionGroup var storeOptions: StoreOptions
        @Flag(help: "Print JSON for scripts.") var json = false

        func run() async throws {
            try await reportingErrors {
                let reminders = try await storeOptions.openStore().reminders()
                if json { return print(try JSON.string(reminders.map(ReminderJSON.init))) }
                guard !reminders.isEmpty else {
                    return print(
                        "No reminders. Add one: stayfit reminders add --title \"Evening run\" --time 18:30 "
                            + "--repeat mon,wed,fri")
                }
                print(pad("ID", 5) + pad("On", 5) + pad("Time", 7) + pad("Repeat", 28) + pad("Alert", 10) + "Title")
                for reminder in reminders {
                    print(
                        pad("\(reminder.id)", 5) + pad(reminder.isEnabled ? "on" : "off", 5)
                            + pad("\(reminder.time)", 7) + pad(ReminderInput.describe(reminder.weekdays), 28)
                            + pad(reminder.alertMinutesBefore.map { "\($0) min" } ?? "none", 10)
                            + Format.printable(reminder.title, limit: nil))
                }
            }
        }
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add a reminder: a title, a time of day and the weekdays it repeats on.",
            discussion:
                "Example: stayfit reminders add --title \"Evening run\" --time 18:30 --repeat mon,wed,fri --alert 15")
        @OptionGroup var storeOptions: StoreOptions
        @OptionGroup var fields: ReminderFields

        func run() async throws {
            try await reportingErrors {
                // The original app checks the title first, then the repeat; the time has a picker there.
                let title = try validated { try ReminderInput.title(fields.title) }
                let weekdays = try validated { try ReminderInput.weekdays(fields.repeat) }
                let time = try validated { try ReminderInput.time(fields.time) }
                let alert = try fields.alert.map(alertMinutes) ?? nil
                let reminder = try await storeOptions.openStore().addReminder(
                    Reminder(title: title, time: time, weekdays: weekdays, alertMinutesBefore: alert))
                print("Reminder \(reminder.id) added: \(describe(reminder)).")
            }
        }
    }

    struct Edit: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Change a reminder's title, time, weekdays or alert; what is not given stays.")
        @OptionGroup var storeOptions: StoreOptions
        @Argument(help: "The reminder's id, from 'stayfit reminders list'.") var id: Int64
        @OptionGroup var fields: ReminderFields

        func run() async throws {
            try await reportingErrors {
                guard fields.title != nil || fields.time != nil || fields.repeat != nil || fields.alert != nil else {
                    throw CLIError(
                        "nothing to change: give --title, --time, --repeat or --alert (see stayfit reminders edit --help)",
                        exitCode: 64)
                }
                let store = try storeOptions.openStore()
                var reminder = try await existing(id, in: store)
                if let title = fields.title { reminder.title = try validated { try ReminderInput.title(title) } }
                if let days = fields.repeat { reminder.weekdays = try validated { try ReminderInput.weekdays(days) } }
                if let time = fields.time { reminder.time = try validated { try ReminderInput.time(time) } }
                if let alert = fields.alert {
                    reminder.alertMinutesBefore = try alertMinutes(alert)
                }
                guard try await store.updateReminder(reminder) else { throw notFound(id) }
                print("Reminder \(id) changed: \(describe(reminder)).")
            }
        }
    }

    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Delete a reminder. Asks first unless --yes.")
        @OptionGroup var storeOptions: StoreOptions
        @Argument(help: "The reminder's id, from 'stayfit reminders list'.") var id: Int64
        @Flag(help: "Do not ask (for scripts).") var yes = false

        func run() async throws {
            try await reportingErrors {
                let store = try storeOptions.openStore()
                let reminder = try await existing(id, in: store)
                if !yes {
                    guard isatty(STDIN_FILENO) == 1 else {
                        throw CLIError(
                            "not deleting reminder \(id): there is no terminal to confirm on; add --yes to delete it "
                                + "from a script", exitCode: 64)
                    }
                    print("Delete reminder \(id), \(describe(reminder))? Type yes to delete: ", terminator: "")
                    guard readLine()?.trimmingCharacters(in: .whitespaces).lowercased() == "yes" else {
                        return print("Nothing deleted.")
                    }
                }
                guard try await store.deleteReminder(id: id) else { throw notFound(id) }
                print("Deleted reminder \(id).")
            }
        }
    }

    struct Enable: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Turn a reminder on.")
        @OptionGroup var storeOptions: StoreOptions
        @Argument(help: "The reminder's id, from 'stayfit reminders list'.") var id: Int64

        func run() async throws {
            try await reportingErrors {
                guard try await storeOptions.openStore().setReminderEnabled(id: id, true) else { throw notFound(id) }
                print("Reminder \(id) on.")
            }
        }
    }

    struct Disable: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Turn a reminder off; it is kept.")
        @OptionGroup var storeOptions: StoreOptions
        @Argument(help: "The reminder's id, from 'stayfit reminders list'.") var id: Int64

        func run() async throws {
            try await reportingErrors {
                guard try await storeOptions.openStore().setReminderEnabled(id: id, false) else { throw notFound(id) }
                print("Reminder \(id) off.")
            }
        }
    }

    struct Export: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write the reminders that are on as an iCalendar file, the \"Fitness Calendar\".",
            discussion: "Weekly events at the reminders' local time in this machine's time zone, with their alerts. "
                + "Import the file into a calendar application, or serve it for one to subscribe to.")
        @OptionGroup var storeOptions: StoreOptions
        @Option(help: ArgumentHelp("The file to write (- for standard output).", valueName: "file")) var ics: String
        @OptionGroup var replace: ReplaceOption

        func validate() throws {
            if ics.allSatisfy(\.isWhitespace) {
                throw ValidationError("--ics needs a file name, or - for standard output.")
            }
        }

        func run() async throws {
            try await reportingErrors {
                let all = try await storeOptions.openStore().reminders()
                let enabled = all.filter(\.isEnabled)
                let now = Date()
                let text = ICalendar(timeZone: .current, createdAt: now).document(for: enabled, startingOn: now)
                try SafeFileWriter.write(text, to: ics, ifExists: replace.ifExists(at: ics))
                if SafeFileWriter.namesStandardOutput(ics) { return }
                let left = all.count - enabled.count
                print(
                    "Wrote the \(ICalendar.calendarName) with \(enabled.count) reminder\(enabled.count == 1 ? "" : "s") "
                        + "to \(ics)" + (left > 0 ? " (\(left) turned off left out)." : "."))
            }
        }
    }
}

/// The fields `add` and `edit` take.
struct ReminderFields: ParsableArguments {
    @Option(help: "What to say, e.g. \"Evening run\".") var title: String?
    @Option(help: "Local time of day, 24-hour, e.g. 18:30.") var time: String?
    @Option(
        name: .customLong("repeat"),
        help: "Weekdays it repeats on: mon,wed,fri (or daily, weekdays, weekends).")
    var `repeat`: String?
    @Option(help: "Also alert this many minutes before (1 to 1440), or none.") var alert: String?
}

/// A reminder as `reminders list --json` prints it.
private struct ReminderJSON: Encodable {
    let reminder: Reminder

    enum CodingKeys: String, CodingKey { case id, title, time, weekdays, alertMinutesBefore, enabled }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(reminder.id, forKey: .id)
        try container.encode(reminder.title, forKey: .title)
        try container.encode(reminder.time.description, forKey: .time)
        try container.encode(
            reminder.weekdays.days.sorted(by: { ($0.rawValue + 5) % 7 < ($1.rawValue + 5) % 7 }).map(\.shortName),
            forKey: .weekdays)
        try container.encode(reminder.alertMinutesBefore, forKey: .alertMinutesBefore)
        try container.encode(reminder.isEnabled, forKey: .enabled)
    }
}

/// Runs a field's check (``ReminderInput``, shared with the web app), turning its error into the CLI's bad-data exit
/// (65) with the original app's words.
private func validated<T>(_ check: () throws -> T) throws -> T {
    do { return try check() } catch let error as ReminderInputError { throw CLIError(error.message, exitCode: 65) }
}

/// `--alert`: 1 to 1440 minutes before, or none, as its help says (``ReminderInput/alertSetting(_:)``).
private func alertMinutes(_ text: String) throws -> Int? {
    try validated { try ReminderInput.alertSetting(text) }
}

private func existing(_ id: Int64, in store: HubStore) async throws -> Reminder {
    guard let reminder = try await store.reminder(id: id) else { throw notFound(id) }
    return reminder
}

private func notFound(_ id: Int64) -> CLIError {
    CLIError("there is no reminder \(id); see the ids with: stayfit reminders list", exitCode: 65)
}

private func describe(_ reminder: Reminder) -> String { ReminderInput.summary(reminder) }

private func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
}
