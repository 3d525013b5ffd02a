import Foundation
import Records

/// The profile as typed by a person (all text), checked with the seed app's rules and messages.
///
/// Missing fields keep the values of the existing profile, so `stayfit profile set --weight 72` changes one
/// field; a new profile needs them all.
public struct ProfileForm: Sendable, Equatable {
    public var name: String?
    public var birthDate: String?
    public var gender: String?
    public var height: String?
    public var weight: String?
    public var heartRateMonitoring: Bool?
    /// Functional threshold power in watts, as typed.
    public var ftp: String?

    public init(
        name: String? = nil, birthDate: String? = nil, gender: String? = nil, height: String? = nil,
        weight: String? = nil, heartRateMonitoring: Bool? = nil, ftp: String? = nil
    ) {
        self.name = name
        self.birthDate = birthDate
        self.gender = gender
        self.height = height
        self.weight = weight
        self.heartRateMonitoring = heartRateMonitoring
        self.ftp = ftp
    }

    static let heights = 50.0...272.0
    static let weights = 20.0...400.0
    /// The functional threshold powers `validated` accepts, in watts.
    public static let ftpWatts = 50...600
    /// A birth date may be at most this many years ago, counted by date.
    static let oldestAge = 120
    /// The longest name `validated` accepts, in characters.
    public static let longestName = 100

    /// Checks the form against `existing` and returns the profile to store.
    ///
    /// - Throws: `ProfileError` whose `message` is the seed app's: "Empty Fields", "Enter Name", "Select DOB",
    ///   "Enter Height", "Enter Proper Height", "Enter Weight", "Enter Proper Weight" (and "Select Gender").
    public func validated(against existing: Profile?, today: Date) throws(ProfileError) -> Profile {
        let fields = [
            ("--name", name), ("--birth-date", birthDate), ("--gender", gender), ("--height", height),
            ("--weight", weight), ("--ftp", ftp),
        ]
        let given = fields.filter { $0.1 != nil }
        let blank = given.filter { $0.1?.trimmingCharacters(in: .whitespaces).isEmpty == true }.map(\.0)
        if heartRateMonitoring == nil {
            if given.isEmpty {
                throw ProfileError(
                    "Empty Fields",
                    hint: "give at least one of --name, --birth-date, --gender, --height, --weight, --ftp")
            }
            // One empty field is that field's mistake, said by its own check below ("Enter Name"); "Empty
            // Fields" alone, for `--name ''`, read as if --name had not been given.
            if blank.count == given.count && blank.count > 1 {
                throw ProfileError(
                    "Empty Fields", hint: "\(Self.listed(blank)) are empty; give a value to each, or leave it out")
            }
        }
        let name = (self.name ?? existing?.name)?.trimmingCharacters(in: .whitespaces) ?? ""
        guard !name.isEmpty else {
            throw ProfileError(
                "Enter Name",
                hint: self.name == nil ? "--name \"Alex\"" : "the name is empty; give one, e.g. --name \"Alex\"")
        }
        if self.name != nil {
            // Checked only when given: a stored name is shown escaped, and must not block changing the weight.
            guard name.count <= Self.longestName else {
                throw ProfileError("Enter Name", hint: "at most \(Format.counted(Self.longestName, "character"))")
            }
            guard !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
                throw ProfileError(
                    "Enter Name",
                    hint: "\"\(Format.printable(name))\" has control characters; type the name as plain text")
            }
        }

        guard let birthText = (birthDate ?? existing?.birthDate)?.trimmingCharacters(in: .whitespaces),
            !birthText.isEmpty
        else {
            throw ProfileError("Select DOB", hint: "--birth-date YYYY-MM-DD, e.g. 1990-04-21")
        }
        let shownBirth = Format.printable(birthText)
        let now = CalendarDay(today)
        guard let birth = CalendarDay(birthText), birth <= now else {
            throw ProfileError(
                "Select DOB", hint: "\"\(shownBirth)\" is not a past date written YYYY-MM-DD, e.g. 1990-04-21")
        }
        // By date, not by year: on 2026-09-21 the earliest birth date is 1906-09-21, not any day of 1906.
        guard (birth.year, birth.month, birth.day) >= (now.year - Self.oldestAge, now.month, now.day) else {
            throw ProfileError(
                "Select DOB",
                hint:
                    "\"\(shownBirth)\" is more than \(Format.counted(Self.oldestAge, "year")) ago; give a date from \(now.year - Self.oldestAge)-"
                    + "\(twoDigits(now.month))-\(twoDigits(now.day)) on")
        }

        let genderValue: Gender
        if let text = gender?.trimmingCharacters(in: .whitespaces).lowercased() {
            guard let parsed = Gender(rawValue: text) else {
                throw ProfileError("Select Gender", hint: "--gender male, female or other")
            }
            genderValue = parsed
        } else if let existing {
            genderValue = existing.gender
        } else {
            throw ProfileError("Select Gender", hint: "--gender male, female or other")
        }

        let heightValue = try Self.measure(
            height, existing: existing?.heightCentimeters, range: Self.heights, missing: "Enter Height",
            improper: "Enter Proper Height", unit: "centimetres", example: "178")
        let weightValue = try Self.measure(
            weight, existing: existing?.weightKilograms, range: Self.weights, missing: "Enter Weight",
            improper: "Enter Proper Weight", unit: "kilograms", example: "72.5")
        return Profile(
            name: name, birthDate: birth.description, gender: genderValue,
            heightCentimeters: heightValue, weightKilograms: weightValue,
            heartRateMonitoring: heartRateMonitoring ?? existing?.heartRateMonitoring ?? false,
            ftpWatts: try validatedFTP() ?? existing?.ftpWatts)
    }

    /// The FTP given, checked, or nil when none was.
    private func validatedFTP() throws(ProfileError) -> Int? {
        guard let ftp else { return nil }
        let text = ftp.trimmingCharacters(in: .whitespaces)
        guard
            let watts = Int(text.hasSuffix("W") ? String(text.dropLast()).trimmingCharacters(in: .whitespaces) : text),
            Self.ftpWatts.contains(watts)
        else {
            throw ProfileError(
                "Enter Proper FTP",
                hint:
                    "\"\(Format.printable(ftp, limit: 40))\" is not a power from 50 to 600 W; give whole watts, e.g. --ftp 230"
            )
        }
        return watts
    }

    private static func measure(
        _ text: String?, existing: Double?, range: ClosedRange<Double>, missing: String, improper: String,
        unit: String, example: String
    ) throws(ProfileError) -> Double {
        guard let text else {
            guard let existing else { throw ProfileError(missing, hint: "a number of \(unit), e.g. \(example)") }
            return existing
        }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { throw ProfileError(missing, hint: "a number of \(unit), e.g. \(example)") }
        guard let value = Double(trimmed), value.isFinite, range.contains(value) else {
            throw ProfileError(
                improper,
                hint:
                    "\"\(Format.printable(trimmed))\" is not a number of \(unit) from \(Int(range.lowerBound)) to \(Int(range.upperBound))"
            )
        }
        return value
    }

    private func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

    /// "--name and --height", "--name, --gender and --height".
    private static func listed(_ options: [String]) -> String {
        options.count < 2
            ? options.joined() : options.dropLast().joined(separator: ", ") + " and " + (options.last ?? "")
    }
}

/// A profile field that did not pass the checks; `message` is the seed app's wording.
public struct ProfileError: Error, Equatable, CustomStringConvertible, Sendable {
    public let message: String
    /// How to put it right.
    public let hint: String

    public init(_ message: String, hint: String) {
        self.message = message
        self.hint = hint
    }

    public var description: String { "\(message) (\(hint))" }
}
