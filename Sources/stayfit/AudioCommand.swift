import ArgumentParser
import HubCore
import MPV
import Music

/// `stayfit audio`: the audio output's tools.
struct AudioCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "audio",
        abstract: "Check the audio output (the speaker the coach and the music play on).",
        subcommands: [Test.self])

    struct Test: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "test",
            abstract: "Play a short chime and say \"StayFit Hub audio works\" on the configured audio device.")

        @OptionGroup var configOptions: ConfigOptions

        @Option(
            help: ArgumentHelp(
                "The device instead of [plugins.music] audio-device: alsa/default, pipewire, pulse, auto, or a .wav file.",
                valueName: "device"))
        var device: String?

        /// The spoken part of the test: the samples of `text`, or nil while no speech engine is built in.
        ///
        /// - Important: wire the voice coach's eSpeak NG wrapper here when it is merged (its voice from
        ///   `[plugins.voice-coach]` in `configuration`); until then the test plays the chime only and says so.
        static let speak: (@Sendable (_ text: String, _ configuration: HubConfiguration) async throws -> SpeechClip?)? =
            nil

        static let sentence = "StayFit Hub audio works"

        func validate() throws {
            if let device, AudioDevice(device) == nil {
                throw ValidationError(
                    "--device \"\(device)\" is not an audio device or a .wav file. \(AudioDevice.hint).")
            }
        }

        func run() async throws {
            try await reportingErrors {
                let configuration = try configOptions.load()
                let target: AudioDevice
                if let device, let chosen = AudioDevice(device) {
                    target = chosen
                } else if let table = configuration.pluginTables["music"] {
                    target = try MusicPlugin.Configuration(table).audioDevice
                } else {
                    target = .device("auto")
                }
                var clips: [(samples: [Int16], format: PCMFormat)] = [
                    (SelfMadeMusic.chime(), SelfMadeMusic.format)
                ]
                var spoken = false
                if let speak = Self.speak, let clip = try await speak(Self.sentence, configuration) {
                    clips.append((clip.samples, PCMFormat(sampleRate: clip.sampleRate, channels: clip.channels)))
                    spoken = true
                }
                writeLine("Playing a chime\(spoken ? " and \"\(Self.sentence)\"" : "") on \(target)…")
                try await AudioTest.play(clips, on: target)
                writeLine(
                    spoken
                        ? "Done. If you heard nothing, check the speaker's volume and audio-device in [plugins.music]."
                        : "Done (chime only: this build has no speech engine yet). If you heard nothing, check the "
                            + "speaker's volume and audio-device in [plugins.music].")
            }
        }
    }
}
