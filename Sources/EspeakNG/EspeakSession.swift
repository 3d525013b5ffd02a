import CEspeakNG
import Synchronization

/// The library's state, confined to the engine's thread: started once, then the settings last applied.
///
/// Every method calls into eSpeak NG and must run on the engine's thread (`EspeakEngine`'s `DedicatedThread`).
final class EspeakSession {
    private(set) var sampleRate = 0
    private var library: EspeakLibrary?
    private var applied: EspeakSettings?
    /// The file of the first voice listing each language (lowercased): names `espeak_SetVoiceByName` may not know.
    private var fileByLanguage: [String: String] = [:]

    /// What the library reported when it started.
    struct Started: Sendable {
        var sampleRate: Int
        var version: String
        var voices: [EspeakVoice]
    }

    /// Starts the library in synchronous mode (PCM to the callback, on this thread, during `espeak_Synth`).
    func start() throws(EspeakError) -> Started {
        // DONT_EXIT: without it the library ends the process when its data is missing.
        let library = try EspeakLibrary.load()
        let rate = library.initialize(AUDIO_OUTPUT_SYNCHRONOUS, 0, nil, CESPEAKNG_INITIALIZE_DONT_EXIT)
        guard rate > 0 else { throw .notStarted(status: rate) }
        self.library = library
        sampleRate = Int(rate)
        library.setSynthCallback(synthesisCallback)
        var path: UnsafePointer<CChar>?
        let version = library.info(&path).map { String(cString: $0) } ?? "unknown"
        let voices = listVoices()
        for voice in voices {
            for language in voice.languages where fileByLanguage[language.lowercased()] == nil {
                fileByLanguage[language.lowercased()] = voice.identifier
            }
        }
        return Started(sampleRate: sampleRate, version: version, voices: voices)
    }

    /// Selects a voice by name, file or language; false when there is none.
    ///
    /// `espeak_SetVoiceByName` knows voice names and files ("en-us" is a file, "English (America)" a name) but
    /// not every language a voice lists ("en-gb" is spoken by the file "gmw/en"): those are selected by the file
    /// of the first voice that lists them.
    private func select(_ name: String) -> Bool {
        guard let library else { return false }
        if library.setVoiceByName(name) == EE_OK { return true }
        guard let file = fileByLanguage[name.lowercased()] else { return false }
        return library.setVoiceByName(file) == EE_OK
    }

    /// Every installed voice.
    private func listVoices() -> [EspeakVoice] {
        guard let list = library?.listVoices(nil) else { return [] }
        var voices: [EspeakVoice] = []
        var index = 0
        while let voice = list[index]?.pointee {
            voices.append(
                EspeakVoice(
                    name: voice.name.map { String(cString: $0) } ?? "",
                    identifier: voice.identifier.map { String(cString: $0) } ?? "",
                    languages: Self.languages(voice.languages)))
            index += 1
        }
        return voices
    }

    /// Decodes `espeak_VOICE.languages`: a priority byte then a NUL-terminated name, repeated, ended by a zero
    /// priority byte.
    private static func languages(_ field: UnsafePointer<CChar>?) -> [String] {
        guard var cursor = field else { return [] }
        var names: [String] = []
        while cursor.pointee != 0, names.count < 32 {
            let name = String(cString: cursor + 1)
            names.append(name)
            cursor += 1 + name.utf8.count + 1
        }
        return names
    }

    /// Whether `espeak_SetVoiceByName` takes `name`. The next synthesis applies its own settings again.
    func hasVoice(_ name: String) -> Bool {
        applied = nil
        return select(name)
    }

    /// Applies `settings` where they differ from the ones in effect.
    private func apply(_ settings: EspeakSettings, installed: @autoclosure () -> [String]) throws(EspeakError) {
        guard let library else { throw .notStarted(status: -1) }
        try settings.validate()
        if applied?.voice != settings.voice {
            // An unknown name keeps the previous voice: forget what was applied, so that no clip goes out in it.
            applied = nil
            guard select(settings.voice) else {
                throw .voiceNotFound(settings.voice, installed: installed())
            }
        }
        let parameters: [(espeak_PARAMETER, Int)] = [
            (espeakRATE, settings.wordsPerMinute), (espeakPITCH, settings.pitch), (espeakVOLUME, settings.volume),
        ]
        for (parameter, value) in parameters {
            guard library.setParameter(parameter, Int32(value), 0) == EE_OK else {
                applied = nil
                throw .synthesisFailed("setting parameter \(parameter.rawValue) to \(value) failed")
            }
        }
        applied = settings
    }

    /// Synthesises `text` into `sink`, returning when synthesis is finished or was cancelled.
    func synthesize(_ text: String, settings: EspeakSettings, into sink: SynthesisSink) throws(EspeakError) {
        try apply(settings, installed: listVoices().map(\.shortName))
        guard let library else { throw .notStarted(status: -1) }
        let bytes = Array(text.utf8CString)
        let userData = Unmanaged.passUnretained(sink).toOpaque()
        let status = withExtendedLifetime(sink) {
            bytes.withUnsafeBufferPointer { buffer in
                library.synth(
                    buffer.baseAddress, buffer.count, 0, POS_CHARACTER, 0, CESPEAKNG_CHARS_UTF8 | CESPEAKNG_ENDPAUSE,
                    nil, userData)
            }
        }
        guard status == EE_OK else { throw .synthesisFailed("espeak_Synth returned \(status.rawValue)") }
        if sink.overflowed { throw .synthesisFailed("more than \(sink.limit) sample\(sink.limit == 1 ? "" : "s")") }
    }
}

/// Where one synthesis puts its samples; the callback finds it through the event's `user_data`.
final class SynthesisSink: @unchecked Sendable {
    // @unchecked: `samples` and `overflowed` are only touched on the engine's thread (by the callback, then by the
    // session after espeak_Synth returned); `cancelled` is atomic, set from the task that waits.
    var samples: [Int16] = []
    var overflowed = false
    let limit: Int
    let cancelled = Atomic<Bool>(false)

    init(limit: Int) { self.limit = limit }
}

/// eSpeak NG's synth callback: copies the samples into the sink of the synthesis under way.
///
/// Runs on the engine's thread, inside `espeak_Synth` (synchronous mode). Returns 1 to stop the synthesis when it
/// was cancelled or the clip would grow past its limit.
private let synthesisCallback:
    @convention(c) (UnsafeMutablePointer<Int16>?, Int32, UnsafeMutablePointer<espeak_EVENT>?)
        -> Int32 = { wav, count, events in
            guard let userData = events?.pointee.user_data else { return 0 }
            let sink = Unmanaged<SynthesisSink>.fromOpaque(userData).takeUnretainedValue()
            if sink.cancelled.load(ordering: .relaxed) { return 1 }
            // A NULL buffer is the end of the synthesis; 0 samples is not.
            guard let wav, count > 0 else { return 0 }
            guard sink.samples.count + Int(count) <= sink.limit else {
                sink.overflowed = true
                return 1
            }
            sink.samples.append(contentsOf: UnsafeBufferPointer(start: wav, count: Int(count)))
            return 0
        }
