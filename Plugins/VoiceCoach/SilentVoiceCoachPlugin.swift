import EspeakNG
import HubCore

/// The voice coach without a voice: the same sentences at the same moments, each published as a `SpeechClip` with
/// its text, its priority and the instant of its event but no sound, and eSpeak NG never loaded.
///
/// `stayfit demo` runs it in place of ``VoiceCoachPlugin`` when it plays no audio, so that it can show every
/// sentence a person would hear. It reads the same `[plugins.voice-coach]` table; the voice is not checked.
public struct SilentVoiceCoachPlugin: Plugin {
    public static let id = VoiceCoachPlugin.id
    public static let capabilities = VoiceCoachPlugin.capabilities

    /// The `[plugins.voice-coach]` table, read without loading the speech engine.
    public struct Configuration: PluginConfiguration {
        let coach: VoiceCoachPlugin.Configuration

        public init(_ table: ConfigTable) throws {
            coach = try VoiceCoachPlugin.Configuration(table, checksVoice: false)
        }
    }

    private let coach: VoiceCoachPlugin

    public init(configuration: Configuration, context: PluginContext) {
        coach = VoiceCoachPlugin(
            configuration: configuration.coach, context: context, synthesizer: TextOnlySynthesizer())
    }

    public func run() async throws {
        try await coach.run()
    }

    /// Says nothing aloud: no samples, at once.
    private struct TextOnlySynthesizer: SpeechSynthesizer {
        func synthesize(_ text: String) async throws -> EspeakAudio {
            EspeakAudio(samples: [], sampleRate: 22050)
        }
    }
}
