import Foundation
import HubCore

/// A settings page's form read back into configuration values, each checked against its field's kind: a number
/// where a number goes, within its range, one of the choices, no control characters. What the plugin itself accepts
/// is then checked by the hub, which builds the plugin from the new file before saving it.
struct SettingsForm {
    /// The values that differ from the file's, by key path (`["enabled"]` among them).
    private(set) var changes: [[String]: ConfigValue] = [:]
    /// What is wrong, one sentence per field.
    private(set) var problems: [String] = []

    /// Reads `form` (a field's form name is its dotted key; a checkbox left unticked is absent) against `settings`.
    init(_ form: [String: String], settings: PluginSettings) {
        for field in settings.fields {
            guard let value = read(form[field.name], as: field) else { continue }
            if value != settings.value(of: field) { changes[field.key] = value }
        }
        // A table added for a plugin that is off would turn it on: write its `enabled = false` with the change.
        let wantsOn = form["enabled"] == "on"
        if wantsOn != settings.isEnabled || (!wantsOn && !changes.isEmpty) {
            changes[["enabled"]] = .boolean(wantsOn)
        }
    }

    private mutating func read(_ typed: String?, as field: SettingField) -> ConfigValue? {
        // A field the form did not send is left as it is (a tick box left unticked is the one that is absent): a
        // request made by hand with fewer fields changes only those it has.
        if typed == nil, field.kind != .onOff { return nil }
        let text = (typed ?? "").trimmingCharacters(in: .whitespaces)
        if text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            problems.append("\(field.words): control characters (a tab, a line break) cannot be kept; type it again.")
            return nil
        }
        switch field.kind {
        case .onOff:
            return .boolean(typed == "on")
        case .whole(let range, _):
            guard let number = Int(text), range.contains(number) else {
                return refuse(field, text, "a whole number from \(range.lowerBound) to \(range.upperBound)")
            }
            return .integer(number)
        case .number(let range, _, _):
            guard let number = Double(text.replacingOccurrences(of: ",", with: ".")), number.isFinite,
                range.contains(number)
            else {
                let (low, high) = (String(format: "%g", range.lowerBound), String(format: "%g", range.upperBound))
                return refuse(field, text, "a number from \(low) to \(high)")
            }
            return .float(number)
        case .choice(let options):
            guard options.contains(where: { $0.value == text }) else {
                return refuse(field, text, "one of " + options.map(\.words).joined(separator: ", "))
            }
            return .string(text)
        case .text(let longest):
            guard text.count <= longest else {
                problems.append(
                    "\(field.words): \(Format.counted(text.count, "character")) is too long; at most \(longest).")
                return nil
            }
            return .string(text)
        case .path:
            guard text.isEmpty || text.hasPrefix("/") else {
                return refuse(field, text, "a full path on the hub, starting with / (e.g. /srv/music/spin.m3u)")
            }
            guard text.utf8.count <= 4096 else {
                problems.append("\(field.words): a path of at most 4096 bytes.")
                return nil
            }
            return .string(text)
        }
    }

    private mutating func refuse(_ field: SettingField, _ text: String, _ wanted: String) -> ConfigValue? {
        let shown = text.isEmpty ? "nothing" : "\"\(Format.printable(text, limit: 40))\""
        problems.append("\(field.words): \(shown) is not \(wanted).")
        return nil
    }
}
