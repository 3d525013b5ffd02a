import EspeakNG
import HubCore
import Synchronization
import VoiceCoach

/// A synthesizer that makes 10 samples per character at once, or, when `holdsFirst`, waits with the first
/// sentence until `releaseFirst()`; `started` yields each text as synthesis begins.
final class FakeSynthesizer: SpeechSynthesizer {
    let started: AsyncStream<String>
    private let startedContinuation: AsyncStream<String>.Continuation
    private let gate: AsyncStream<Void>
    private let gateContinuation: AsyncStream<Void>.Continuation
    private let holding: Mutex<Bool>

    init(holdsFirst: Bool = false) {
        (started, startedContinuation) = AsyncStream.makeStream()
        (gate, gateContinuation) = AsyncStream.makeStream()
        holding = Mutex(holdsFirst)
    }

    func releaseFirst() { gateContinuation.yield() }

    func synthesize(_ text: String) async throws -> EspeakAudio {
        startedContinuation.yield(text)
        if holding.withLock({ holding in
            defer { holding = false }; return holding
        }) {
            var iterator = gate.makeAsyncIterator()
            _ = await iterator.next()
        }
        return EspeakAudio(samples: Array(repeating: 1000, count: text.count * 10), sampleRate: 22050)
    }
}
