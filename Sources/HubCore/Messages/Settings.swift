// How a front end (the web app's music and voice pages) reads and changes a plugin's settings without knowing where
// the configuration file is or how it is written: it asks the hub over the bus. The hub's configuration service
// answers, edits the file keeping its comments, checks the result as a reload would, saves it, and takes it at once,
// exactly as `sudoedit /etc/stayfit/stayfit.toml && systemctl reload stayfit` would.

/// What a front end asks of the hub's configuration.
public enum SettingsAction: Sendable, Equatable {
    /// The plugin's settings, as the configuration file has them now.
    case read(PluginID)
    /// Set these keys of the plugin's table (`["enabled"]` turns it on or off), provided the file is still the
    /// `version` that was read; then the hub runs on the new file. Keys are paths within the table.
    case change(PluginID, values: [[String]: ConfigValue], version: String)
}

/// A plugin's settings as the configuration file has them.
public struct PluginSettings: Sendable, Equatable {
    public var plugin: PluginID
    /// The fields the plugin offers (its `Plugin.settings`).
    public var fields: [SettingField]
    /// The values the file sets, by key path; a field not here takes its default.
    public var values: [[String]: ConfigValue]
    /// Whether the plugin runs with the file.
    public var isEnabled: Bool
    /// The configuration file's path.
    public var file: String
    /// Names this version of the file's text: a change is only made to the version that was read.
    public var version: String

    public init(
        plugin: PluginID, fields: [SettingField], values: [[String]: ConfigValue], isEnabled: Bool, file: String,
        version: String
    ) {
        self.plugin = plugin
        self.fields = fields
        self.values = values
        self.isEnabled = isEnabled
        self.file = file
        self.version = version
    }

    /// The field's value: the file's, else its default.
    public func value(of field: SettingField) -> ConfigValue { values[field.key] ?? field.defaultValue }
}

/// Why the settings could not be read or changed, in words for the person: the file's own error (file, line, key,
/// fix) when the change would make it wrong. Nothing was changed.
public struct SettingsRefusal: Error, Equatable, CustomStringConvertible {
    public let description: String

    public init(_ description: String) { self.description = description }
}

public typealias SettingsAnswer = Result<PluginSettings, SettingsRefusal>

/// Asks the hub for a plugin's settings or to change them; the hub answers on `reply`.
///
/// ```swift
/// let reply = BusReply<SettingsAnswer>()
/// bus.publish(SettingsRequest(.read("music"), reply: reply))
/// let settings = await reply.value(within: .seconds(10))
/// ```
public struct SettingsRequest: BusMessage {
    public var action: SettingsAction
    public var reply: BusReply<SettingsAnswer>

    public init(_ action: SettingsAction, reply: BusReply<SettingsAnswer>) {
        self.action = action
        self.reply = reply
    }
}
