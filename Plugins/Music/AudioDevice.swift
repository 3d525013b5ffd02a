import HubCore

/// Where the hub's sound goes: a sound device through libmpv's output drivers, or a WAV file (tests, the demo).
public enum AudioDevice: Sendable, Equatable, CustomStringConvertible {
    /// libmpv's `audio-device` name: `auto`, `alsa/default`, `alsa/plughw:CARD=Headphones`, `pipewire`, `pulse`.
    case device(String)
    /// A 16-bit 44.1 kHz stereo WAV file of everything played, speech and music mixed as heard.
    case file(String)

    /// Output drivers of Debian's libmpv that play on a device.
    static let drivers = ["alsa", "pipewire", "pulse", "jack", "sdl", "openal", "oss", "null"]

    /// Reads the `audio-device` setting: a path ending in `.wav` is a file; anything else names a device.
    ///
    /// - Returns: nil when `text` is neither (the caller reports it with its key and line).
    public init?(_ text: String) {
        if text.lowercased().hasSuffix(".wav") {
            self = .file(text)
            return
        }
        let driver = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        guard text == "auto" || Self.drivers.contains(String(driver)), !text.hasSuffix("/"),
            !text.contains(where: { $0.isWhitespace || $0.isNewline })
        else { return nil }
        self = .device(text)
    }

    /// What to write in the configuration, for messages.
    public static let hint =
        "Use \"auto\", \"alsa/default\" (or another name from `aplay -L`, as \"alsa/<name>\"), \"pipewire\", "
        + "\"pulse\", or a path ending in .wav to record into a file"

    public var description: String {
        switch self {
        case .device(let name): name
        case .file(let path): path
        }
    }
}
