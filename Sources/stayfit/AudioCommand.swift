import ArgumentParser
import EspeakNG
import HubCore
import MPV
import Music
import VoiceCoach

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
        @OptionGroup var replace: ReplaceOption

        /// The spoken part of the test: `text` in the voice of `[plugins.voice-coach]` (eSpeak NG's default English
        /// voice when the coach is not configured), synthesised as the coach does.
        static func speak(_ text: String, _ configuration: HubConfiguration) async throws -> SpeechClip {
            let settings = try configuration.pluginTables["voice-coach"].map {
                try VoiceCoachPlugin.Configuration($0).speech
            }
            let audio = try await EspeakEngine.started().synthesize(text, settings: settings ?? EspeakSettings())
            return SpeechClip(
                text: text, priority: .urgent, sampleRate: audio.sampleRate, samples: audio.samples,
                eventAt: HubInstant(sinceOrigin: .zero))
        }

        static let sentence = "StayFit Hub audio works"

        func validate() throws {
            if device == SafeFileWriter.standardOutput {
                throw ValidationError(
                    "--device - (standard output) is not supported: the WAV header is completed at the end, so give "
                        + "a file name ending in .wav, e.g. --device test.wav.")
            }
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
                // Asked (or refused) before anything plays, not after.
                let ifExists: SafeFileWriter.IfExists =
                    if case .file(let path) = target { replace.ifExists(at: path) } else { .refuse }
                var clips: [(samples: [Int16], format: PCMFormat)] = [
                    (SelfMadeMusic.chime(), SelfMadeMusic.format)
                ]
                let clip = try await Self.speak(Self.sentence, configuration)
                clips.append((clip.samples, PCMFormat(sampleRate: clip.sampleRate, channels: clip.channels)))
                writeLine("Playing a chime and \"\(Self.sentence)\" on \(target)…")
                try await AudioTest.play(clips, on: target, ifExists: ifExists)
                writeLine("Done. If you heard nothing, check the speaker's volume and audio-device in [plugins.music].")
            }
        }
    }
}
