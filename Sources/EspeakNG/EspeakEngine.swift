import Synchronization
import Threading

/// The process's eSpeak NG text-to-speech engine: synthesises text into PCM in memory.
///
/// There is one per process (``started()``, ``shared()``), since the library keeps global state; every call into
/// the library runs on the engine's own thread, one at a time, so callers on any task may share it. Synthesis does
/// not block the caller's thread: it suspends until the samples are ready.
///
/// ```swift
/// let engine = try await EspeakEngine.started()
/// let audio = try await engine.synthesize("Heart rate 142.", settings: EspeakSettings(voice: "en-us"))
/// print(audio.duration)   // about 1.5 s of 22050 Hz mono
/// ```
public final class EspeakEngine: Sendable {
    /// Samples per second of the audio it makes.
    public let sampleRate: Int
    /// The library's version, e.g. `1.51`.
    public let version: String
    /// The voices installed, as the library listed them when it started.
    public let voices: [EspeakVoice]

    /// The longest text one synthesis takes.
    public static let maximumCharacters = 4000
    /// The longest clip one synthesis makes, in seconds; synthesis stops with an error past it.
    public static let maximumSeconds = 300

    /// The one thread that makes every eSpeak NG call: the library is not thread-safe, and in synchronous mode
    /// `espeak_Synth` blocks its caller for as long as synthesis takes, which must never be a cooperative thread.
    /// It lives as long as the process (one engine per process).
    private static let thread = DedicatedThread(name: "espeak-ng")
    /// The library's state. Only jobs on `thread` touch it (so it is made there, too, on first use).
    nonisolated(unsafe) private static let session = EspeakSession()

    private static let instance = Mutex<Result<EspeakEngine, EspeakError>?>(nil)

    private init(started: EspeakSession.Started) {
        sampleRate = started.sampleRate
        version = started.version
        voices = started.voices
    }

    /// The engine, started on first use without blocking the caller's thread: the start (loading the library's
    /// data takes some milliseconds) runs on the engine's thread while the caller is suspended.
    ///
    /// - Throws: `EspeakError` when the library cannot start, usually because its data is not installed; every
    ///   later call throws the same.
    public static func started() async throws(EspeakError) -> EspeakEngine {
        if let started = instance.withLock({ $0 }) { return try started.get() }
        return try await thread.perform { startOnce() }.get()
    }

    /// The engine, started on first use; the first call blocks its caller while the library starts, once.
    ///
    /// For what happens before the hub runs (checking a configuration); in a task, use ``started()``.
    /// - Throws: as ``started()``.
    public static func shared() throws(EspeakError) -> EspeakEngine {
        if let started = instance.withLock({ $0 }) { return try started.get() }
        return try thread.performAndWait { startOnce() }.get()
    }

    /// Starts the library unless it was started; runs on `thread` only, so the library starts once per process.
    private static func startOnce() -> Result<EspeakEngine, EspeakError> {
        if let started = instance.withLock({ $0 }) { return started }
        let started: Result<EspeakEngine, EspeakError>
        do {
            started = .success(EspeakEngine(started: try session.start()))
        } catch {
            started = .failure(error)
        }
        instance.withLock { $0 = started }
        return started
    }

    /// The names a configuration can use, one per voice (its first language), sorted.
    public var voiceNames: [String] { Array(Set(voices.map(\.shortName))).sorted() }

    /// Throws unless `name` is a voice or language the library can speak in (as `espeak_SetVoiceByName` decides:
    /// `en`, `en-us`, `English (America)` all work).
    ///
    /// Blocks the caller for a moment: meant for checking a configuration before the hub runs.
    public func checkVoice(_ name: String) throws(EspeakError) {
        let found = Self.thread.performAndWait { Self.session.hasVoice(name) }
        guard found else { throw .voiceNotFound(name, installed: voiceNames) }
    }

    /// Throws unless every setting is one the library takes: the voice is installed, and rate, pitch and volume
    /// are in range. Blocks the caller for a moment, like ``checkVoice(_:)``.
    public func check(_ settings: EspeakSettings) throws(EspeakError) {
        try settings.validate()
        try checkVoice(settings.voice)
    }

    /// Synthesises `text` with `settings` into 16-bit mono PCM at ``sampleRate``.
    ///
    /// Waits behind any synthesis already under way. Cancelling the task stops the synthesis within one
    /// callback (about 60 ms of audio) and throws `CancellationError`.
    /// - Throws: `EspeakError` for an unknown voice, a setting out of range, text longer than
    ///   ``maximumCharacters`` or a failure in the library; `CancellationError` when cancelled.
    public func synthesize(_ text: String, settings: EspeakSettings) async throws -> EspeakAudio {
        guard text.count <= Self.maximumCharacters else {
            throw EspeakError.textTooLong(characters: text.count, limit: Self.maximumCharacters)
        }
        try Task.checkCancellation()
        let sink = SynthesisSink(limit: Self.maximumSeconds * sampleRate)
        let samples = try await withTaskCancellationHandler {
            try await Self.thread.perform {
                Result { () throws -> [Int16] in
                    // Cancelled while waiting behind another synthesis: nothing to do.
                    if sink.cancelled.load(ordering: .relaxed) { return [] }
                    try Self.session.synthesize(text, settings: settings, into: sink)
                    return sink.samples
                }
            }.get()
        } onCancel: {
            sink.cancelled.store(true, ordering: .relaxed)
        }
        try Task.checkCancellation()
        return EspeakAudio(samples: samples, sampleRate: sampleRate)
    }
}
