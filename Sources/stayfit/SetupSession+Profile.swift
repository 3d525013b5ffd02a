import Foundation
import HubCore

extension SetupSession {
    /// Step 4: the profile, field by field, checked by `profile set`'s rules (`ProfileForm`).
    mutating func profileStep() async throws {
        Self.heading(4, "your profile, for the calorie estimate")
        let existing = try await asDataOwner { try await $0.profile() }
        guard try await conversation.wantsStep(existing == nil ? "Set your profile now?" : "Change your profile now?")
        else { return writeLine(existing == nil ? "Skipped: no profile." : "Skipped: the profile stays as it is.") }
        writeLine(
            existing == nil
                ? "All five fields are needed; s skips the profile."
                : "Press Enter to keep the value in brackets; s skips the profile.")
        var form = ProfileForm()
        var fields = Field.allCases[...]
        while let field = fields.first {
            let shown = existing.map(field.value).map { " [\($0)]" } ?? ""
            let answer = try await conversation.ask("\(field.question)\(shown):")
            if ["s", "skip"].contains(answer.lowercased()) {
                return writeLine(existing == nil ? "Skipped: no profile." : "Skipped: the profile stays as it is.")
            }
            field.set(answer.isEmpty && existing != nil ? nil : answer, in: &form)
            fields = fields.dropFirst()
            guard fields.isEmpty else { continue }
            if form.heartRateMonitoring == nil {
                form.heartRateMonitoring = try await conversation.yesOrNo(
                    "Log heart rate all day, not only during workouts?",
                    default: existing?.heartRateMonitoring ?? false)
            }
            do throws(ProfileError) {
                let checked = try form.validated(against: existing, today: Date())
                profile = checked
                writeLine(
                    "Profile: \(checked.name), born \(checked.birthDate), \(checked.gender.rawValue), "
                        + "\(Self.number(checked.heightCentimeters)) cm, \(Self.number(checked.weightKilograms)) kg.")
            } catch {
                // The same words as `profile set`; then that field again.
                writeLine("\(error.message): \(error.hint).")
                let wrong = Field.named(by: error.message)
                fields = Field.allCases[wrong.rawValue...].prefix(1)
            }
        }
    }

    private static func number(_ value: Double) -> String {
        value.rounded() == value ? String(Int(value)) : Format.fixed(value, decimals: 1)
    }

    /// The profile's fields, in the order asked.
    enum Field: Int, CaseIterable {
        case name, birthDate, gender, height, weight

        var question: String {
            switch self {
            case .name: "Name"
            case .birthDate: "Birth date, YYYY-MM-DD"
            case .gender: "Gender: male, female or other"
            case .height: "Height in centimetres"
            case .weight: "Weight in kilograms"
            }
        }

        func value(_ profile: Profile) -> String {
            switch self {
            case .name: Format.printable(profile.name, limit: ProfileForm.longestName)
            case .birthDate: profile.birthDate
            case .gender: profile.gender.rawValue
            case .height: SetupSession.number(profile.heightCentimeters)
            case .weight: SetupSession.number(profile.weightKilograms)
            }
        }

        func set(_ text: String?, in form: inout ProfileForm) {
            switch self {
            case .name: form.name = text
            case .birthDate: form.birthDate = text
            case .gender: form.gender = text
            case .height: form.height = text
            case .weight: form.weight = text
            }
        }

        /// The field a `ProfileError` is about, by the seed app's words.
        static func named(by message: String) -> Field {
            switch message {
            case "Enter Name": .name
            case "Select DOB": .birthDate
            case "Select Gender": .gender
            case "Enter Height", "Enter Proper Height": .height
            case "Enter Weight", "Enter Proper Weight": .weight
            default: .name
            }
        }
    }
}
