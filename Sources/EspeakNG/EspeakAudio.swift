/// Synthesised speech: 16-bit signed mono PCM at the engine's sample rate.
public struct EspeakAudio: Sendable, Equatable {
    public var samples: [Int16]
    /// Samples per second (22050 for eSpeak NG's voices).
    public var sampleRate: Int

    public init(samples: [Int16], sampleRate: Int) {
        self.samples = samples
        self.sampleRate = sampleRate
    }

    /// The length in seconds.
    public var duration: Double { Double(samples.count) / Double(max(1, sampleRate)) }
}
