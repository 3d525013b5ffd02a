import HubCore

extension MusicPlugin {
    /// The `[plugins.music]` table.
    ///
    /// ```toml
    /// [plugins.music]
    /// audio-device = "auto"        # "alsa/default", "pipewire", "pulse", or a path ending in .wav (a recording)
    /// playlist = ""                # an .m3u/.m3u8 file or a folder of music; "" = none ("Empty Playlist")
    /// volume = 70                  # 0…100
    /// duck-percent = 30            # the music's level while the coach speaks, in % of its level (0…100)
    /// start-with-workout = true    # start playing when a workout starts
    /// pause-with-workout = true    # pause and resume with the workout
    /// fade-out-seconds = 3         # fade out when the workout finishes (0 = stop at once; 0…30)
    /// shuffle = false
    /// repeat = true                # start the playlist again after its last track
    /// speech-stale-seconds = 5     # routine updates waiting longer are skipped (summary, lap, goal never; 1…60)
    ///
    /// [plugins.music.playlists]    # a playlist of its own for a kind of workout; the others play `playlist`
    /// indoor-ride = "/srv/music/spin.m3u"
    /// ```
    public struct Configuration: PluginConfiguration, Equatable {
        public var audioDevice: AudioDevice
        /// The playlist file or folder; empty for none.
        public var playlist: String
        /// A playlist of its own for a kind of workout (`[plugins.music.playlists]`); other kinds play `playlist`.
        public var playlists: [WorkoutKind: String] = [:]
        /// The music's volume in percent, as a person hears it (libmpv's volume scale is cubic, like a volume knob).
        public var volumePercent: Int
        /// The music's level while speech plays, in percent of its normal amplitude.
        public var duckPercent: Int
        public var startWithWorkout: Bool
        public var pauseWithWorkout: Bool
        public var fadeOut: Duration
        public var shuffle: Bool
        public var repeatPlaylist: Bool
        /// Real seconds after which a routine clip is no longer worth saying.
        public var speechStaleSeconds: Double

        /// Reads and validates the table.
        ///
        /// - Throws: `ConfigurationError` naming the key, e.g. an `audio-device` that is neither a device nor a .wav.
        public init(_ table: ConfigTable) throws {
            let device = try table.string("audio-device", default: "auto")
            guard let audioDevice = AudioDevice(device) else {
                throw table.invalid(
                    "audio-device", problem: "\"\(device)\" is not an audio device or a .wav file",
                    fix: AudioDevice.hint + ".")
            }
            self.audioDevice = audioDevice
            playlist = try table.string("playlist", default: "")
            if let perKind = try table.table("playlists") {
                for key in perKind.keys {
                    do {
                        // "" is no playlist of its own (what the Music page writes for a field left empty):
                        // the kind plays `playlist`, as one not named here does.
                        let kind = try WorkoutKind(parsing: key)
                        let own = try perKind.string(key, default: "")
                        if !own.isEmpty { playlists[kind] = own }
                    } catch let error as UnknownWorkoutKind {
                        throw perKind.invalid(
                            key, problem: "\(error)",
                            fix: "Name the playlist after a kind, e.g. indoor-ride = \"spin.m3u\".")
                    }
                }
                try perKind.rejectUnknownKeys()
            }
            volumePercent = try table.int("volume", default: 70, in: 0...100)
            duckPercent = try table.int("duck-percent", default: 30, in: 0...100)
            startWithWorkout = try table.bool("start-with-workout", default: true)
            pauseWithWorkout = try table.bool("pause-with-workout", default: true)
            fadeOut = .seconds(try table.int("fade-out-seconds", default: 3, in: 0...30))
            shuffle = try table.bool("shuffle", default: false)
            repeatPlaylist = try table.bool("repeat", default: true)
            speechStaleSeconds = Double(try table.int("speech-stale-seconds", default: 5, in: 1...60))
        }

        /// The playlist for a workout of `kind`.
        public func playlist(for kind: WorkoutKind?) -> String { kind.flatMap { playlists[$0] } ?? playlist }

        /// Creates a configuration directly (tests, the demo).
        public init(
            audioDevice: AudioDevice, playlist: String = "", volumePercent: Int = 70, duckPercent: Int = 30,
            startWithWorkout: Bool = true, pauseWithWorkout: Bool = true, fadeOut: Duration = .seconds(3),
            shuffle: Bool = false, repeatPlaylist: Bool = true, speechStaleSeconds: Double = 5
        ) {
            self.audioDevice = audioDevice
            self.playlist = playlist
            self.volumePercent = volumePercent
            self.duckPercent = duckPercent
            self.startWithWorkout = startWithWorkout
            self.pauseWithWorkout = pauseWithWorkout
            self.fadeOut = fadeOut
            self.shuffle = shuffle
            self.repeatPlaylist = repeatPlaylist
            self.speechStaleSeconds = speechStaleSeconds
        }
    }
}
