/// A voice installed with eSpeak NG, as `espeak_ListVoices` reports it.
public struct EspeakVoice: Sendable, Equatable, Hashable {
    /// The voice's name, e.g. `English (America)`.
    public var name: String
    /// The file that defines it, under `espeak-ng-data/voices` or `lang`, e.g. `gmw/en-US`.
    public var identifier: String
    /// The languages it speaks, most suitable first, e.g. `["en-us", "en"]`.
    public var languages: [String]

    public init(name: String, identifier: String, languages: [String]) {
        self.name = name
        self.identifier = identifier
        self.languages = languages
    }

    /// What a configuration names the voice by: its first language, e.g. `en-us`, or its name when it has none.
    public var shortName: String { languages.first ?? name }
}
