import Foundation
import HubCore
import HubStore

/// How `stayfit people` words a person and what they have stored, and how it reports what the store refused.
enum PersonLines {
    /// A stored name as it can be printed: control characters escaped, cut at 60 characters.
    static func name(_ name: String) -> String { Format.printable(name, limit: HubStore.longestPersonName) }

    static func nobodyCalled(_ name: String) -> CLIError {
        CLIError(
            "there is nobody called \"\(Format.printable(name))\" on this hub; 'stayfit people list' shows who there is",
            exitCode: 65)
    }

    /// The person's name and profile, one field a line, as `stayfit profile` shows it.
    static func profile(of person: Person) -> [String] {
        var lines = ["Name                   \(name(person.name))\(person.isCurrent ? " (current)" : "")"]
        guard let profile = person.profile else {
            lines.append(
                "Profile                not set (stayfit people use \"\(name(person.name))\", then stayfit profile set "
                    + "--birth-date 1990-04-21 --gender female --height 168 --weight 61)")
            return lines
        }
        let age = profile.ageYears(on: Date()).map { " (\(Format.counted($0, "year")))" } ?? ""
        lines += [
            "Birth date             \(profile.birthDate)\(age)",
            "Gender                 \(profile.gender.rawValue)",
            "Height                 \(number(profile.heightCentimeters)) cm",
            "Weight                 \(number(profile.weightKilograms)) kg",
            "FTP                    \(profile.ftpWatts.map { "\($0) W" } ?? "not set")",
        ]
        return lines
    }

    /// What is stored for them: "Workouts  3", and so on.
    ///
    /// The heart-rate log is left out while it has nothing: "0 hours" would read as a measured zero.
    static func stored(_ belongings: PersonBelongings) -> [String] {
        [
            "Workouts               \(belongings.workouts)",
            "Goals                  \(belongings.goals)",
            "Reminders              \(belongings.reminders)",
            "Food log entries       \(belongings.foodEntries)",
            "Weighings              \(belongings.weighings)",
            "Own foods              \(belongings.ownFoods)",
        ]
            + (belongings.heartRateHours == 0
                ? [] : ["Heart-rate log         \(Format.counted(belongings.heartRateHours, "hour")) with readings"])
    }

    /// "3 workouts, 1 goal, 2 reminders, 5 hours of all-day heart rate, 12 food log entries, 4 weighings and 1 own
    /// food", or "nothing else" when all are zero.
    static func deleted(_ belongings: PersonBelongings) -> String {
        let parts =
            [
                (belongings.workouts, "workout"), (belongings.goals, "goal"), (belongings.reminders, "reminder"),
            ].filter { $0.0 > 0 }.map { Format.counted($0.0, $0.1) }
            + (belongings.heartRateHours > 0
                ? ["\(Format.counted(belongings.heartRateHours, "hour")) of all-day heart rate"] : [])
            + [
                (belongings.foodEntries, "food log entry", "food log entries"),
                (belongings.weighings, "weighing", "weighings"), (belongings.ownFoods, "own food", "own foods"),
            ].filter { $0.0 > 0 }.map { Format.counted($0.0, $0.1, $0.2) }
        guard let last = parts.last else {
            return "nothing else: they have no workouts, goals, reminders, heart rate, food log, weighings or own foods"
        }
        return parts.count == 1 ? last : parts.dropLast().joined(separator: ", ") + " and " + last
    }

    static func number(_ value: Double) -> String {
        value.rounded() == value ? String(Int(value)) : Format.fixed(value, decimals: 1)
    }

    /// Runs `body`, turning what the store refused (a name taken, nobody by that name, a workout being recorded)
    /// into bad data (exit 65), as every command says of a wrong value.
    static func refusingBadData(_ body: () async throws -> Void) async throws {
        do {
            try await body()
        } catch let error as HubStoreError where error.isRefused || error.isNotFound {
            throw CLIError(error.description, exitCode: 65)
        }
    }
}
