import Foundation
import HubCore
import Testing

@testable import Music

@Suite struct MusicConfigurationTests {
    private func table(_ text: String) throws -> ConfigTable {
        let configuration = try HubConfiguration(text: "[plugins.music]\n" + text, file: "test.toml")
        return try #require(configuration.pluginTables["music"])
    }

    @Test func theDefaultsPlayOnTheDefaultDeviceAndDuckTo30Percent() throws {
        let configuration = try MusicPlugin.Configuration(table(""))
        #expect(configuration.audioDevice == .device("auto"))
        #expect(configuration.duckPercent == 30)
        #expect(configuration.volumePercent == 70)
        #expect(configuration.fadeOut == .seconds(3))
    }

    @Test(arguments: [
        ("alsa/default", AudioDevice.device("alsa/default")), ("pipewire", .device("pipewire")),
        ("alsa/plughw:CARD=Headphones,DEV=0", .device("alsa/plughw:CARD=Headphones,DEV=0")),
        ("/tmp/out.WAV", .file("/tmp/out.WAV")),
    ])
    func knownDevicesAndWavFilesAreAccepted(_ text: String, _ device: AudioDevice) throws {
        #expect(try MusicPlugin.Configuration(table("audio-device = \"\(text)\"")).audioDevice == device)
    }

    @Test(arguments: ["speakers", "alsa/", "", "alsa/default extra"])
    func anUnknownDeviceIsAConfigurationErrorNamingTheKeyAndTheChoices(_ text: String) throws {
        let error = try #require(throws: ConfigurationError.self) {
            try MusicPlugin.Configuration(table("audio-device = \"\(text)\""))
        }
        #expect(error.description.contains("test.toml:2"))
        #expect(error.description.contains("plugins.music.audio-device"))
        #expect(error.description.contains("alsa/default"))
    }

    @Test func theDuckingLevelIsAnAmplitudeOnLibmpvsCubicVolumeScale() {
        let volume = Loudness.mpvVolume(percent: 100, amplitude: 0.3)
        // libmpv's gain is (volume / 100)^3.
        #expect(abs(pow(volume / 100, 3) - 0.3) < 1e-9)
        #expect(Loudness.mpvVolume(percent: 70) == 70)
        #expect(Loudness.mpvVolume(percent: 70, fade: 0) == 0)
    }
}
