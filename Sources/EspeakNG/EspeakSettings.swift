/// How eSpeak NG speaks: the voice and its rate, pitch and volume.
public struct EspeakSettings: Sendable, Equatable, Hashable {
    /// A voice or language as `espeak_SetVoiceByName` takes it: `en`, `en-us`, `de`, `English (America)`.
    public var voice: String
    /// Words per minute, within ``rateRange``; 175 is eSpeak NG's normal rate.
    public var wordsPerMinute: Int
    /// 0 to 100; 50 is the voice's normal pitch.
    public var pitch: Int
    /// 0 to 200; 100 is normal, above it the loud parts may clip.
    public var volume: Int

    /// The speaking rates the library takes (`espeakRATE_MINIMUM` to `espeakRATE_MAXIMUM`).
    public static let rateRange = 80...450
    public static let pitchRange = 0...100
    public static let volumeRange = 0...200

    public init(voice: String = "en", wordsPerMinute: Int = 175, pitch: Int = 50, volume: Int = 100) {
        self.voice = voice
        self.wordsPerMinute = wordsPerMinute
        self.pitch = pitch
        self.volume = volume
    }

    /// Throws when a number is outside what the library takes (it would clamp it silently).
    func validate() throws(EspeakError) {
        if !Self.rateRange.contains(wordsPerMinute) {
            throw .invalidSetting("rate \(wordsPerMinute) must be from 80 to 450 words per minute")
        }
        if !Self.pitchRange.contains(pitch) { throw .invalidSetting("pitch \(pitch) must be from 0 to 100") }
        if !Self.volumeRange.contains(volume) { throw .invalidSetting("volume \(volume) must be from 0 to 200") }
    }
}
