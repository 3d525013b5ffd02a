import Foundation
import HubCore

/// `/settings/music` and `/settings/voice`: a plugin's settings from the hub's configuration file, in a form, and
/// changed (POST) in that file, its comments kept, and taken by the hub at once, as editing the file and
/// `systemctl reload stayfit` would. The hub checks the whole new file first: what it refuses is said with the file's
/// own message, and nothing changes.
///
/// The page knows no key: the plugin lists its fields (`Plugin.settings`) and the hub sends them with the values
/// (`SettingsRequest`).
enum PluginSettingsPage {
    /// A plugin's page: its path and title, and what it changes.
    typealias Entry = (plugin: PluginID, path: String, title: String, summary: String)

    /// The plugins with a settings page.
    static let pages: [Entry] = [
        ("music", "/settings/music", "Music", "Playlists, one for each kind of workout, volume and shuffle."),
        ("voice-coach", "/settings/voice", "Voice coach", "The voice, what its updates say and how often."),
    ]

    /// How long the hub may take to answer: a change builds every plugin from the new file (the voice is checked).
    static let answerTime = Duration.seconds(20)

    static func render(
        _ page: Entry, bus: MessageBus, csrfToken: String,
        saved: Bool = false
    ) async -> WebPage {
        switch await ask(.read(page.plugin), bus: bus) {
        case .success(let settings):
            return form(page, settings: settings, csrfToken: csrfToken, saved: saved)
        case .failure(let refusal):
            return WebPage(
                title: page.title,
                body: "<h1>\(HTMLText.escape(page.title))</h1>" + PeopleMarkup.problem(refusal.description)
                    + PeopleMarkup.links([("Settings", "/settings")]))
        }
    }

    /// Checks the form against the fields, then asks the hub to write what changed; refused, the form again with
    /// what was typed and why.
    static func save(
        _ form: [String: String], page: Entry,
        bus: MessageBus, csrfToken: String
    ) async -> FormOutcome {
        let settings: PluginSettings
        switch await ask(.read(page.plugin), bus: bus) {
        case .success(let read): settings = read
        case .failure: return .invalid(await render(page, bus: bus, csrfToken: csrfToken))
        }
        guard form["version"] == settings.version else {
            // What was typed was typed over the old file: sent again, it would undo the other change.
            return .invalid(
                Self.form(
                    page, settings: settings, csrfToken: csrfToken,
                    problems: [
                        "\(settings.file) changed since this page was read (edited by hand, or from another page); "
                            + "here it is as it is now: make the change again."
                    ]))
        }
        let typed = SettingsForm(form, settings: settings)
        guard typed.problems.isEmpty else {
            return .invalid(
                Self.form(page, settings: settings, csrfToken: csrfToken, problems: typed.problems, typed: form))
        }
        switch await ask(.change(page.plugin, values: typed.changes, version: form["version"] ?? ""), bus: bus) {
        case .success:
            return .redirect(to: page.path + "?saved=yes")
        case .failure(let refusal):
            // Another save got there first (the hub refused this one for it): the file as it is now, as above.
            if case .success(let now) = await ask(.read(page.plugin), bus: bus), now.version != settings.version {
                return .invalid(Self.form(page, settings: now, csrfToken: csrfToken, problems: [refusal.description]))
            }
            return .invalid(
                Self.form(page, settings: settings, csrfToken: csrfToken, problems: [refusal.description], typed: form))
        }
    }

    private static func ask(_ action: SettingsAction, bus: MessageBus) async -> SettingsAnswer {
        let reply = BusReply<SettingsAnswer>()
        bus.publish(SettingsRequest(action, reply: reply))
        return await reply.value(within: answerTime)
            ?? .failure(
                SettingsRefusal(
                    "The hub did not answer. Its settings can be changed here only while it runs with a "
                        + "configuration file (stayfit run --config FILE, or as the installed service)."))
    }

    // MARK: - The form

    private static func form(
        _ page: Entry, settings: PluginSettings,
        csrfToken: String, saved: Bool = false, problems: [String] = [], typed: [String: String]? = nil
    ) -> WebPage {
        var body = "<h1>\(HTMLText.escape(page.title))</h1>"
        if saved {
            body += HistoryMarkup.paragraph(
                "Saved in \(settings.file), and the hub runs with it now.", className: "saved")
        }
        if !settings.isEnabled {
            body += HistoryMarkup.paragraph(
                "\(page.title) is off. Tick On and save to turn it on.", className: "empty")
        }
        if !problems.isEmpty { body += HistoryMarkup.problems(problems) }
        body +=
            PeopleMarkup.postForm(page.path, csrfToken: csrfToken, className: "plugin-settings")
            + PeopleMarkup.hidden("version", settings.version)
            + checkbox(
                "On", name: "enabled", help: "Whether the hub runs the \(page.title.lowercased()).",
                checked: typed.map { $0["enabled"] == "on" } ?? settings.isEnabled)
        var section = ""
        for field in settings.fields {
            if field.section != section {
                section = field.section
                body += "<h2>\(HTMLText.escape(section))</h2>"
            }
            body += input(field, value: typed.map { $0[field.name] ?? "" } ?? text(of: settings.value(of: field)))
        }
        body +=
            "<button type=\"submit\">Save</button></form>"
            + HistoryMarkup.paragraph(
                "Kept in \(settings.file) with its comments; every other key is there too.", className: "summary")
            + PeopleMarkup.links([("Settings", "/settings")])
        return WebPage(title: page.title, body: body)
    }

    private static func input(_ field: SettingField, value: String) -> String {
        let name = HTMLText.escape(field.name)
        let help = "<span class=\"help\">\(HTMLText.escape(field.help))</span>"
        let escaped = HTMLText.escape(value)
        switch field.kind {
        case .onOff:
            return checkbox(field.words, name: field.name, help: field.help, checked: value == "on" || value == "true")
        case .whole(let range, let unit):
            return label(
                field.words, unit: unit,
                "<input type=\"number\" name=\"\(name)\" value=\"\(escaped)\" min=\"\(range.lowerBound)\" "
                    + "max=\"\(range.upperBound)\" step=\"1\" inputmode=\"numeric\">", help: help)
        case .number(let range, let step, let unit):
            return label(
                field.words, unit: unit,
                "<input type=\"text\" name=\"\(name)\" value=\"\(escaped)\" inputmode=\"decimal\" "
                    + "data-range=\"\(range.lowerBound)-\(range.upperBound)\" data-step=\"\(step)\">", help: help)
        case .choice(let options):
            let items = options.map { option in
                "<option value=\"\(HTMLText.escape(option.value))\"\(option.value == value ? " selected" : "")>"
                    + "\(HTMLText.escape(option.words))</option>"
            }
            return label(field.words, unit: "", "<select name=\"\(name)\">\(items.joined())</select>", help: help)
        case .text(let longest):
            return label(
                field.words, unit: "",
                "<input type=\"text\" name=\"\(name)\" value=\"\(escaped)\" maxlength=\"\(longest)\" "
                    + "autocomplete=\"off\">", help: help)
        case .path:
            let unreadable =
                !value.isEmpty && value.hasPrefix("/") && access(value, R_OK) != 0
                ? "<span class=\"warning\">The hub cannot read this now: it is missing, or not the hub's to read."
                    + "</span>" : ""
            return label(
                field.words, unit: "",
                "<input type=\"text\" name=\"\(name)\" value=\"\(escaped)\" autocomplete=\"off\" "
                    + "placeholder=\"e.g. /srv/music/workout.m3u\">", help: help + unreadable)
        }
    }

    private static func label(_ words: String, unit: String, _ control: String, help: String) -> String {
        let unitText = unit.isEmpty ? "" : "<span class=\"unit\">\(HTMLText.escape(unit))</span>"
        return "<label>\(HTMLText.escape(words)) <span class=\"entry\">\(control)\(unitText)</span>\(help)</label>"
    }

    private static func checkbox(_ words: String, name: String, help: String, checked: Bool) -> String {
        "<label class=\"on-off\"><input type=\"checkbox\" name=\"\(HTMLText.escape(name))\" value=\"on\""
            + (checked ? " checked" : "") + "> \(HTMLText.escape(words))"
            + "<span class=\"help\">\(HTMLText.escape(help))</span></label>"
    }

    /// A value as the form shows it: `on` for true, a number without a needless `.0`, and every digit it has (sent
    /// back unchanged, it is the same number).
    static func text(of value: ConfigValue) -> String {
        switch value {
        case .string(let text): text
        case .integer(let number): String(number)
        case .float(let number):
            number.description.hasSuffix(".0") ? String(number.description.dropLast(2)) : "\(number)"
        case .boolean(let flag): flag ? "on" : ""
        case .array, .table, .other: ""
        }
    }
}
