import HubCore
import HubTestKit
import Testing

@testable import VoiceCoach

/// The Voice coach page's fields (`VoiceCoachPlugin.settings`) agree with what the plugin reads: each default is the
/// one taken without the key, and another valid value is taken.
@Suite struct VoiceCoachSettingsTests {
    /// A valid text for each text field.
    static let otherText = ["voice": "de", "figures": "time, heart-rate"]

    @Test(arguments: VoiceCoachPlugin.settings.map(\.name))
    func eachFieldsDefaultIsThePluginsAndAnotherValueIsTaken(_ name: String) throws {
        let field = try #require(VoiceCoachPlugin.settings.first { $0.name == name })
        let plain = try VoiceCoachPlugin.Configuration(.empty(keyPath: ["plugins", "voice-coach"]))
        let atDefault = SettingFieldTables.table(field, field.defaultValue, plugin: VoiceCoachPlugin.id)
        #expect(try VoiceCoachPlugin.Configuration(atDefault) == plain)
        let other = SettingFieldTables.table(
            field, SettingFieldTables.otherValue(field, text: Self.otherText[name] ?? ""), plugin: VoiceCoachPlugin.id)
        #expect(try VoiceCoachPlugin.Configuration(other) != plain)
    }
}
