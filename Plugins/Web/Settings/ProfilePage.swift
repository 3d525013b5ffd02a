import Foundation
import HubCore

/// `/settings/profile`: the current person's profile in a form, saved (POST) as `stayfit profile set` saves it.
///
/// Each field's `name` is the `stayfit profile set` option of the same name (`birth-date`, `ftp` …).
enum ProfilePage {
    /// - Parameters:
    ///   - typed: what the refused form held, shown again so that one mistake is not everything typed again.
    static func render(
        book: any ProfileBook, csrfToken: String, saved: Bool = false, problem: String? = nil,
        typed: [String: String]? = nil
    ) async throws -> WebPage {
        let person = try await book.currentPerson()
        let profile = try await book.profile()
        // A field the refused form left out shows what is stored, as it is kept.
        let values = stored(profile, name: person?.name).merging(typed.map(shownAgain) ?? [:]) { $1 }
        var body = "<h1>Profile</h1>"
        if saved { body += HistoryMarkup.paragraph("Profile saved.", className: "saved") }
        if profile == nil {
            body += HistoryMarkup.paragraph(
                "No profile yet. Calorie estimates assume a 70 kg, 35-year-old adult until you save one.",
                className: "empty")
        }
        body +=
            PeopleMarkup.problem(problem)
            + PeopleMarkup.postForm("/settings/profile", csrfToken: csrfToken, className: "profile")
            + text("Name", "name", values, extra: "autocomplete=\"name\" maxlength=\"\(ProfileForm.longestName)\"")
            + text("Birth date", "birth-date", values, type: "date", extra: "placeholder=\"YYYY-MM-DD\"")
            + select(
                "Gender", "gender", values,
                [("", "Choose"), ("male", "Male"), ("female", "Female"), ("other", "Other")])
            + text("Height, cm", "height", values, extra: "inputmode=\"decimal\"")
            + text("Weight, kg", "weight", values, extra: "inputmode=\"decimal\"")
            + select(
                "Heart-rate monitoring", "heart-rate-monitoring", values,
                [("off", "Off (workouts only)"), ("on", "On (all day)")])
            + text("FTP, watts", "ftp", values, extra: "inputmode=\"numeric\" placeholder=\"not set\"")
            + "<button type=\"submit\">Save</button></form>"
            + PeopleMarkup.links([("Settings", "/settings"), ("Goal", "/settings/goal"), ("People", "/people")])
        return WebPage(title: "Profile", body: body)
    }

    /// Saves the form as `stayfit profile set` does: checked by ``ProfileForm`` against the stored profile (a field
    /// left out keeps its value, an FTP left empty too), then the store's `saveProfile`; the running hub is told
    /// (`StoreChanged(section: .profile)`), as the store watcher tells it of the CLI's change. Refused, the form
    /// again with the command line's words and nothing written.
    static func save(
        _ form: [String: String], book: any ProfileBook, bus: MessageBus, csrfToken: String, now: Date = Date()
    ) async throws -> FormOutcome {
        let existing = try await book.profile()
        let monitoring = form["heart-rate-monitoring"]
        guard monitoring == nil || monitoring == "on" || monitoring == "off" else {
            return .invalid(
                try await render(
                    book: book, csrfToken: csrfToken, problem: "Heart-rate monitoring is either on or off.",
                    typed: form))
        }
        // A person added by name alone ('stayfit people add Sam') has no profile yet, but their name stands.
        let unnamed = existing == nil && form["name"] == nil
        let ftp = form["ftp"].flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 }
        let profileForm = ProfileForm(
            name: unnamed ? try await book.currentPerson()?.name : form["name"], birthDate: form["birth-date"],
            gender: form["gender"], height: form["height"], weight: form["weight"],
            heartRateMonitoring: monitoring.map { $0 == "on" }, ftp: ftp)
        do {
            let profile = try profileForm.validated(against: existing, today: now)
            try await book.saveProfile(profile, at: now)
        } catch let error as ProfileError {
            return .invalid(
                try await render(
                    book: book, csrfToken: csrfToken,
                    problem: FieldWords.onPage("\(error.message): \(error.hint).", labels: FieldWords.profile),
                    typed: form))
        } catch let error as any StoreWriteError {
            guard let refusal = error.refusal else { throw error }
            return .invalid(try await render(book: book, csrfToken: csrfToken, problem: refusal, typed: form))
        }
        bus.publish(StoreChanged(section: .profile))
        return .redirect(to: "/settings/profile?saved=yes")
    }

    // MARK: - The form's values

    private static func stored(_ profile: Profile?, name: String?) -> [String: String] {
        guard let profile else { return ["name": name ?? "", "heart-rate-monitoring": "off"] }
        return [
            "name": profile.name, "birth-date": profile.birthDate, "gender": profile.gender.rawValue,
            "height": number(profile.heightCentimeters), "weight": number(profile.weightKilograms),
            "heart-rate-monitoring": profile.heartRateMonitoring ? "on" : "off",
            "ftp": profile.ftpWatts.map(String.init) ?? "",
        ]
    }

    /// What was typed, each field without control characters and left empty past 200 characters: not worth sending
    /// back to a phone.
    private static func shownAgain(_ typed: [String: String]) -> [String: String] {
        typed.mapValues { value in
            guard value.count <= 200 else { return "" }
            return String(value.unicodeScalars.filter { $0.properties.generalCategory != .control })
        }
    }

    /// 180, 72.45: every digit stored, so that saving the form unchanged changes nothing.
    private static func number(_ value: Double) -> String {
        value.rounded() == value && abs(value) < 1e9 ? String(Int(value)) : String(value)
    }

    private static func text(
        _ label: String, _ name: String, _ values: [String: String], type: String = "text", extra: String
    ) -> String {
        "<label>\(HTMLText.escape(label)) <input type=\"\(type)\" name=\"\(name)\" "
            + "value=\"\(HTMLText.escape(values[name] ?? ""))\" \(extra)></label>"
    }

    private static func select(
        _ label: String, _ name: String, _ values: [String: String], _ options: [(value: String, words: String)]
    ) -> String {
        let chosen = values[name] ?? ""
        let items = options.map { option in
            "<option value=\"\(option.value)\"\(option.value == chosen ? " selected" : "")>"
                + "\(HTMLText.escape(option.words))</option>"
        }
        return "<label>\(HTMLText.escape(label)) <select name=\"\(name)\">\(items.joined())</select></label>"
    }
}
