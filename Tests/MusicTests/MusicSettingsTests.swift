import HubCore
import HubTestKit
import Testing

@testable import Music

/// The Music page's fields (`MusicPlugin.settings`) agree with what the plugin reads: each default is the one taken
/// without the key, and another valid value is taken.
@Suite struct MusicSettingsTests {
    @Test(arguments: MusicPlugin.settings.map(\.name))
    func eachFieldsDefaultIsThePluginsAndAnotherValueIsTaken(_ name: String) throws {
        let field = try #require(MusicPlugin.settings.first { $0.name == name })
        let plain = try MusicPlugin.Configuration(.empty(keyPath: ["plugins", "music"]))
        let atDefault = SettingFieldTables.table(field, field.defaultValue, plugin: MusicPlugin.id)
        #expect(try MusicPlugin.Configuration(atDefault) == plain)
        let other = SettingFieldTables.table(
            field, SettingFieldTables.otherValue(field, text: "/srv/music"), plugin: MusicPlugin.id)
        #expect(try MusicPlugin.Configuration(other) != plain)
    }

    @Test func everyKindOfWorkoutHasItsPlaylistField() {
        let kinds = MusicPlugin.settings.filter { $0.key.first == "playlists" }.map { $0.key[1] }
        #expect(kinds == WorkoutKind.known.map(\.rawValue))
    }
}
