import HubCore

/// Tables for checking a plugin's `settings` against its `Configuration`: each field's default must be what the
/// plugin takes without the key, and another valid value must be taken (the key is one the plugin reads).
public enum SettingFieldTables {
    /// A plugin table holding only `value` at `field`'s key.
    public static func table(_ field: SettingField, _ value: ConfigValue, plugin: PluginID) -> ConfigTable {
        var nested = value
        for part in field.key.reversed() { nested = .table([part: nested]) }
        guard case .table(let values) = nested else { preconditionFailure("a field has a key") }
        return ConfigTable(
            values: values, keyPath: ["plugins", plugin.rawValue],
            source: ConfigSource(file: "settings test", text: ""))
    }

    /// A valid value other than the default, from the field's kind; `text` for a text field (whose content only
    /// the plugin knows).
    public static func otherValue(_ field: SettingField, text: String) -> ConfigValue {
        switch (field.kind, field.defaultValue) {
        case (.onOff, .boolean(let flag)): .boolean(!flag)
        case (.whole(let range, _), .integer(let number)):
            .integer(number == range.upperBound ? range.lowerBound : range.upperBound)
        case (.number(let range, _, _), .float(let number)):
            .float(number == range.upperBound ? range.lowerBound : range.upperBound)
        case (.choice(let options), .string(let chosen)):
            .string(options.first { $0.value != chosen }?.value ?? chosen)
        case (.path, _): .string("/srv/music/settings-test.m3u")
        default: .string(text)
        }
    }
}
