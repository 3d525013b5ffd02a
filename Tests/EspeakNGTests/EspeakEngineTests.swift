import EspeakNG
import Testing

/// Real synthesis with the installed eSpeak NG (Debian's libespeak-ng1 and espeak-ng-data).
@Suite struct EspeakEngineTests {
    /// Root mean square and peak of 16-bit samples.
    static func level(_ samples: [Int16]) -> (rms: Double, peak: Int) {
        guard !samples.isEmpty else { return (0, 0) }
        let sum = samples.reduce(0.0) { $0 + Double($1) * Double($1) }
        return ((sum / Double(samples.count)).squareRoot(), samples.map { abs(Int($0)) }.max() ?? 0)
    }

    @Test func synthesisesASentenceIntoNonSilentSpeechOfPlausibleLength() async throws {
        let engine = try EspeakEngine.shared()
        let audio = try await engine.synthesize("Heart rate 142. Zone four.", settings: EspeakSettings(voice: "en-us"))
        #expect(audio.sampleRate == 22050)
        // Six or seven words at 175 words per minute: a second and a half to about four seconds with the pauses.
        #expect((1.2...5).contains(audio.duration), "duration \(audio.duration) s")
        let (rms, peak) = Self.level(audio.samples)
        #expect(rms > 1000, "rms \(rms)")
        #expect(peak > 8000, "peak \(peak)")
    }

    @Test func rateAndVolumeChangeTheSpeech() async throws {
        let engine = try EspeakEngine.shared()
        let text = "Five kilometres, pace five minutes thirty per kilometre."
        let slow = try await engine.synthesize(text, settings: EspeakSettings(wordsPerMinute: 120))
        let fast = try await engine.synthesize(text, settings: EspeakSettings(wordsPerMinute: 350))
        #expect(fast.duration < slow.duration * 0.6, "fast \(fast.duration) s, slow \(slow.duration) s")
        let quiet = try await engine.synthesize(text, settings: EspeakSettings(volume: 20))
        let normal = try await engine.synthesize(text, settings: EspeakSettings(volume: 100))
        #expect(Self.level(quiet.samples).rms < Self.level(normal.samples).rms * 0.5)
    }

    @Test(arguments: ["en", "en-us", "English (America)", "de", "en-gb", "fr-fr"])
    func acceptsInstalledVoicesByLanguageOrName(_ voice: String) async throws {
        let engine = try EspeakEngine.shared()
        try engine.checkVoice(voice)
        let audio = try await engine.synthesize("Hallo", settings: EspeakSettings(voice: voice))
        #expect(audio.samples.count > 1000)
    }

    @Test func everyListedVoiceNameIsAccepted() throws {
        let engine = try EspeakEngine.shared()
        for name in engine.voiceNames { #expect(throws: Never.self, "\(name)") { try engine.checkVoice(name) } }
    }

    @Test func anUnknownVoiceIsRejectedWithTheInstalledVoices() async throws {
        let engine = try EspeakEngine.shared()
        #expect(engine.voices.count > 10)
        let error = try #require(throws: EspeakError.self) { try engine.checkVoice("no-such-voice") }
        #expect(error.isVoiceNotFound)
        #expect(error.installedVoices.contains("en-us"), "\(error.installedVoices)")
        #expect(error.description.contains("\"no-such-voice\""))
        await #expect(throws: EspeakError.self) {
            try await engine.synthesize("Hello", settings: EspeakSettings(voice: "no-such-voice"))
        }
        // The voice the failed call left behind is not used silently: a good voice works again afterwards.
        let audio = try await engine.synthesize("Hello", settings: EspeakSettings(voice: "en"))
        #expect(audio.samples.count > 1000)
    }

    @Test func settingsOutOfRangeAndOverlongTextAreRejected() async throws {
        let engine = try EspeakEngine.shared()
        #expect(throws: EspeakError.self) { try engine.check(EspeakSettings(wordsPerMinute: 1000)) }
        #expect(throws: EspeakError.self) { try engine.check(EspeakSettings(pitch: -1)) }
        await #expect(throws: EspeakError.self) {
            try await engine.synthesize(
                String(repeating: "a", count: EspeakEngine.maximumCharacters + 1), settings: EspeakSettings())
        }
    }

    /// eSpeak NG's output of one text varies by a few hundred samples from call to call (its state carries over),
    /// so "the same" means within a few percent; an interleaved synthesis would mix or lose whole words.
    @Test func synthesesFromManyTasksAtOnceAreSerialisedAndAlike() async throws {
        let engine = try EspeakEngine.shared()
        let lengths = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    try await engine.synthesize("One kilometre.", settings: EspeakSettings()).samples.count
                }
            }
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }
        #expect(lengths.count == 4)
        let shortest = try #require(lengths.min()), longest = try #require(lengths.max())
        #expect(Double(longest) < Double(shortest) * 1.05, "\(lengths)")
        #expect(shortest > 5000)
    }

    @Test func cancellingStopsALongSynthesis() async throws {
        let engine = try EspeakEngine.shared()
        let text = String(repeating: "This sentence is said again and again until the task is cancelled. ", count: 50)
        let task = Task { try await engine.synthesize(text, settings: EspeakSettings()) }
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        // The engine is still usable afterwards.
        #expect(try await engine.synthesize("Still here.", settings: EspeakSettings()).samples.count > 1000)
    }
}
