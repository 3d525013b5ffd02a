/// Something eSpeak NG could not do: start (its data is missing), find a voice, or synthesise a text.
///
/// The description says what went wrong and how to fix it; `installedVoices` lists what can be used instead of
/// a voice that was not found.
public struct EspeakError: Error, Sendable, Equatable, CustomStringConvertible {
    private enum Code: Sendable, Equatable {
        case libraryMissing, notStarted, voiceNotFound, invalidSetting, synthesisFailed, textTooLong
    }

    private let code: Code
    /// The detail: the voice or setting named, the library's status code, the text's length.
    public let detail: String
    /// The voices that are installed, with `isVoiceNotFound`; empty otherwise.
    public let installedVoices: [String]

    private init(_ code: Code, _ detail: String, installedVoices: [String] = []) {
        self.code = code
        self.detail = detail
        self.installedVoices = installedVoices
    }

    /// `libespeak-ng.so.1` could not be loaded.
    static func libraryMissing(_ detail: String) -> EspeakError { EspeakError(.libraryMissing, detail) }

    /// The library did not start, usually because `espeak-ng-data` is missing.
    static func notStarted(status: Int32) -> EspeakError {
        EspeakError(.notStarted, "espeak_Initialize returned \(status)")
    }

    /// No installed voice answers to `name`.
    static func voiceNotFound(_ name: String, installed: [String]) -> EspeakError {
        EspeakError(.voiceNotFound, name, installedVoices: installed)
    }

    /// A rate, pitch or volume outside what the library takes.
    static func invalidSetting(_ detail: String) -> EspeakError { EspeakError(.invalidSetting, detail) }

    /// `espeak_Synth` failed or produced more audio than a clip may hold.
    static func synthesisFailed(_ detail: String) -> EspeakError { EspeakError(.synthesisFailed, detail) }

    /// The text is longer than one clip may be.
    static func textTooLong(characters: Int, limit: Int) -> EspeakError {
        EspeakError(.textTooLong, "\(characters) character\(characters == 1 ? "" : "s"), at most \(limit)")
    }

    /// Whether the error is an unknown voice (then `installedVoices` says what there is).
    public var isVoiceNotFound: Bool { code == .voiceNotFound }

    public var description: String {
        switch code {
        case .libraryMissing:
            "eSpeak NG could not be loaded (\(detail)). Install it: `apt install libespeak-ng1 espeak-ng-data`."
        case .notStarted:
            "eSpeak NG did not start (\(detail)). Install its data (`apt install espeak-ng-data`), or set "
                + "ESPEAK_DATA_PATH to the directory that contains espeak-ng-data."
        case .voiceNotFound:
            "no installed eSpeak NG voice is called \"\(detail)\". Installed voices: "
                + installedVoices.joined(separator: ", ") + "."
        case .invalidSetting:
            "\(detail)."
        case .synthesisFailed:
            "eSpeak NG could not synthesise the text (\(detail))."
        case .textTooLong:
            "the text is too long to speak in one go (\(detail)); split it into shorter sentences."
        }
    }
}
