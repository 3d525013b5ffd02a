/// Options for a player, given to `mpv_set_option_string` before `mpv_initialize`, in order.
public enum MPVOptions {
    /// A player that only plays audio, with no terminal, window, key bindings, user configuration or scripts, and
    /// that waits idle for files instead of quitting.
    ///
    /// The built-in Lua scripts (stats, console, auto profiles) are off: each starts a Lua state of its own, a few
    /// MB per player. The demuxer's read-ahead is kept small: music files are local and short to read.
    public static let headless: [(String, String)] = [
        ("config", "no"), ("terminal", "no"), ("input-default-bindings", "no"), ("input-vo-keyboard", "no"),
        ("osc", "no"), ("load-scripts", "no"), ("ytdl", "no"), ("load-stats-overlay", "no"),
        ("load-osd-console", "no"), ("load-auto-profiles", "no"), ("vid", "no"), ("audio-display", "no"),
        ("cache", "no"), ("demuxer-max-bytes", "4MiB"), ("demuxer-max-back-bytes", "0"), ("idle", "yes"),
    ]

    /// Options that send the output to a device: `device` is mpv's `audio-device` name (`alsa/default`,
    /// `pipewire`, `pulse`, or `auto`). The output driver is the part before the slash.
    public static func device(_ device: String) -> [(String, String)] {
        guard device != "auto" else { return [] }
        let driver = device.split(separator: "/", maxSplits: 1).first.map(String.init) ?? device
        return [("ao", driver), ("audio-device", device)]
    }

    /// Options that write raw PCM to `path` (a file or a FIFO), always in one fixed format.
    ///
    /// The format is forced because libmpv's PCM output reopens, and so truncates, its file whenever the format
    /// changes between two files (TECHREF §7); raw data with no header can also go into a pipe.
    public static func rawPCM(to path: String, format: PCMFormat = .standard) -> [(String, String)] {
        [
            ("ao", "pcm"), ("ao-pcm-file", path), ("ao-pcm-waveheader", "no"),
            ("audio-samplerate", "\(format.sampleRate)"),
            ("audio-channels", format.channels == 1 ? "mono" : "stereo"), ("audio-format", "s16"),
        ]
    }
}

/// 16-bit signed little-endian PCM at a sample rate, mono or stereo.
public struct PCMFormat: Sendable, Equatable {
    public var sampleRate: Int
    public var channels: Int

    public init(sampleRate: Int, channels: Int) {
        self.sampleRate = sampleRate
        self.channels = channels
    }

    /// 44.1 kHz stereo: what the hub's file output is written in.
    public static let standard = PCMFormat(sampleRate: 44_100, channels: 2)

    /// Bytes in one frame (one sample per channel).
    public var bytesPerFrame: Int { 2 * channels }
}
