import EspeakNG

/// Turns a sentence into speech: 16-bit mono PCM in memory.
///
/// The hardware seam of the coach: eSpeak NG in the hub, a fake in unit tests.
public protocol SpeechSynthesizer: Sendable {
    func synthesize(_ text: String) async throws -> EspeakAudio
}

/// Speech from the process's eSpeak NG engine with the configured voice, rate, pitch and volume.
public struct EspeakSpeechSynthesizer: SpeechSynthesizer {
    public let engine: EspeakEngine
    public let settings: EspeakSettings

    public init(engine: EspeakEngine, settings: EspeakSettings) {
        self.engine = engine
        self.settings = settings
    }

    public func synthesize(_ text: String) async throws -> EspeakAudio {
        try await engine.synthesize(text, settings: settings)
    }
}
