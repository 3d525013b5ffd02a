import Foundation
import HubCore
import Testing

/// A form and the seed app's message it must be refused with.
struct RefusedForm: Sendable, CustomTestStringConvertible {
    var form: ProfileForm
    var message: String
    var testDescription: String { "\(message): \(form)" }

    /// A complete form for a new profile with one field changed.
    static func complete(_ change: (inout ProfileForm) -> Void, _ message: String) -> RefusedForm {
        var form = ProfileForm(name: "Alex", birthDate: "1990-04-21", gender: "female", height: "170", weight: "62.5")
        change(&form)
        return RefusedForm(form: form, message: message)
    }

    static let all: [RefusedForm] = [
        .init(form: ProfileForm(), message: "Empty Fields"),
        .init(form: ProfileForm(name: " ", birthDate: "", gender: "  "), message: "Empty Fields"),
        .complete({ $0.name = nil }, "Enter Name"),
        .complete({ $0.ftp = "49" }, "Enter Proper FTP"),
        .complete({ $0.ftp = "601" }, "Enter Proper FTP"),
        .complete({ $0.ftp = "lots" }, "Enter Proper FTP"),
        .complete({ $0.name = "   " }, "Enter Name"),
        .complete({ $0.birthDate = nil }, "Select DOB"),
        .complete({ $0.birthDate = " " }, "Select DOB"),
        .complete({ $0.birthDate = "21/04/1990" }, "Select DOB"),
        .complete({ $0.birthDate = "1990-4-21" }, "Select DOB"),
        .complete({ $0.birthDate = "1990-02-30" }, "Select DOB"),
        .complete({ $0.birthDate = "2026-09-22" }, "Select DOB"),  // tomorrow
        .complete({ $0.birthDate = "1900-01-01" }, "Select DOB"),  // older than 120
        .complete({ $0.birthDate = "1906-09-20" }, "Select DOB"),  // 120 years and a day before 2026-09-21
        .complete({ $0.name = "Alex\u{1B}[2J" }, "Enter Name"),
        .complete({ $0.name = "Al\nex" }, "Enter Name"),
        .complete({ $0.name = String(repeating: "A", count: 101) }, "Enter Name"),
        .complete({ $0.gender = nil }, "Select Gender"),
        .complete({ $0.gender = "robot" }, "Select Gender"),
        .complete({ $0.height = nil }, "Enter Height"),
        .complete({ $0.height = " " }, "Enter Height"),
        .complete({ $0.height = "tall" }, "Enter Proper Height"),
        .complete({ $0.height = "170cm" }, "Enter Proper Height"),
        .complete({ $0.height = "49.9" }, "Enter Proper Height"),
        .complete({ $0.height = "273" }, "Enter Proper Height"),
        .complete({ $0.height = "nan" }, "Enter Proper Height"),
        .complete({ $0.weight = nil }, "Enter Weight"),
        .complete({ $0.weight = "" }, "Enter Weight"),
        .complete({ $0.weight = "heavy" }, "Enter Proper Weight"),
        .complete({ $0.weight = "19.9" }, "Enter Proper Weight"),
        .complete({ $0.weight = "400.5" }, "Enter Proper Weight"),
        .complete({ $0.weight = "-70" }, "Enter Proper Weight"),
    ]
}

@Suite struct ProfileFormTests {
    /// 2026-09-21, the day every `ManualClock` starts on.
    let today = Date(timeIntervalSince1970: 1_790_000_000)

    let existing = Profile(
        name: "Sam", birthDate: "1985-12-01", gender: .male, heightCentimeters: 182, weightKilograms: 80,
        heartRateMonitoring: true)

    @Test(arguments: RefusedForm.all)
    func refusesAnIncompleteOrImproperNewProfileWithTheSeedAppsMessage(_ refused: RefusedForm) throws {
        let error = try #require(throws: ProfileError.self) { try refused.form.validated(against: nil, today: today) }
        #expect(error.message == refused.message)
        #expect(error.description.hasPrefix(refused.message + " ("))
    }

    @Test func acceptsACompleteNewProfile() throws {
        let form = ProfileForm(name: " Alex ", birthDate: "1990-04-21", gender: "FEMALE", height: "170", weight: "62.5")
        #expect(
            try form.validated(against: nil, today: today)
                == Profile(
                    name: "Alex", birthDate: "1990-04-21", gender: .female, heightCentimeters: 170,
                    weightKilograms: 62.5,
                    heartRateMonitoring: false))
    }

    @Test(arguments: ["50", "272", "170.5"])
    func acceptsHeightsWithinTheRange(_ height: String) throws {
        let form = ProfileForm(name: "Alex", birthDate: "1990-04-21", gender: "other", height: height, weight: "20")
        #expect(try form.validated(against: nil, today: today).heightCentimeters == Double(height))
    }

    @Test func acceptsABirthDateOfToday() throws {
        let form = ProfileForm(birthDate: "2026-09-21")
        #expect(try form.validated(against: existing, today: today).birthDate == "2026-09-21")
    }

    @Test func keepsTheFieldsTheFormLeavesOut() throws {
        var expected = existing
        expected.weightKilograms = 72
        #expect(try ProfileForm(weight: "72").validated(against: existing, today: today) == expected)

        expected = existing
        expected.heartRateMonitoring = false
        #expect(try ProfileForm(heartRateMonitoring: false).validated(against: existing, today: today) == expected)

        expected = existing
        expected.name = "Kim"
        expected.gender = .other
        #expect(try ProfileForm(name: "Kim", gender: "other").validated(against: existing, today: today) == expected)
    }

    @Test func checksTheFieldsItChangesOnAnExistingProfile() throws {
        let error = try #require(throws: ProfileError.self) {
            try ProfileForm(height: "2 m").validated(against: existing, today: today)
        }
        #expect(error.message == "Enter Proper Height")
    }

    @Test func anEmptyNameIsCalledAnEmptyNameNotEmptyFields() throws {
        for stored in [existing, nil] {
            let empty = try #require(throws: ProfileError.self) {
                try ProfileForm(name: "").validated(against: stored, today: today)
            }
            #expect(empty.message == "Enter Name")
            #expect(empty.hint == "the name is empty; give one, e.g. --name \"Alex\"")
        }
    }

    @Test func severalEmptyFieldsAreNamed() throws {
        let empty = try #require(throws: ProfileError.self) {
            try ProfileForm(name: " ", height: "").validated(against: existing, today: today)
        }
        #expect(empty.message == "Empty Fields")
        #expect(empty.hint == "--name and --height are empty; give a value to each, or leave it out")
    }

    @Test func aBirthDateExactlyAHundredAndTwentyYearsAgoIsAccepted() throws {
        let form = ProfileForm(birthDate: "1906-09-21")
        #expect(try form.validated(against: existing, today: today).birthDate == "1906-09-21")
    }

    @Test func aBirthDateTooLongAgoSaysWhichIsTheEarliest() throws {
        let error = try #require(throws: ProfileError.self) {
            try ProfileForm(birthDate: "1906-09-20").validated(against: existing, today: today)
        }
        #expect(error.hint == "\"1906-09-20\" is more than 120 years ago; give a date from 1906-09-21 on")
    }

    @Test func aNameOfAHundredCharactersIsAccepted() throws {
        let name = String(repeating: "A", count: 100)
        #expect(try ProfileForm(name: name).validated(against: existing, today: today).name == name)
    }

    @Test func aStoredNameIsNotCheckedAgainWhenAnotherFieldChanges() throws {
        var odd = existing
        odd.name = "Sam\u{1B}[31m"
        #expect(try ProfileForm(weight: "75").validated(against: odd, today: today).name == odd.name)
    }

    @Test func anEchoedValueHasNoControlCharacters() throws {
        let error = try #require(throws: ProfileError.self) {
            try ProfileForm(height: "\u{1B}[2J170").validated(against: existing, today: today)
        }
        #expect(error.hint.hasPrefix("\"\\u{1B}[2J170\" is not a number of centimetres"))
        let name = try #require(throws: ProfileError.self) {
            try ProfileForm(name: "A\u{7}lex").validated(against: existing, today: today)
        }
        #expect(name.hint.hasPrefix("\"A\\u{7}lex\" has control characters"))
    }
}
