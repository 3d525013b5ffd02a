import HubCore

extension MusicPlugin {
    /// What the web app's Music page offers: the playlists and how the music goes with the workout. The sound
    /// device and the speech timing stay in the file (`stayfit setup` and the sample explain them).
    public static var settings: [SettingField] {
        [
            SettingField(
                ["playlist"], "Playlist", help: "An .m3u or .m3u8 file, or a folder of music, on the hub; empty: none.",
                kind: .path, default: .string("")),
            SettingField(
                ["volume"], "Volume", help: "0 to 100, as a person hears it.", kind: .whole(0...100, unit: "%"),
                default: .integer(70)),
            SettingField(
                ["duck-percent"], "Music while the coach speaks",
                help: "Its level under speech, in % of its own (0: silent).", kind: .whole(0...100, unit: "%"),
                default: .integer(30)),
            SettingField(
                ["start-with-workout"], "Start with the workout", help: "Start playing when a workout starts.",
                kind: .onOff, default: .boolean(true)),
            SettingField(
                ["pause-with-workout"], "Pause with the workout", help: "Pause and resume as the workout does.",
                kind: .onOff, default: .boolean(true)),
            SettingField(
                ["fade-out-seconds"], "Fade out at the end", help: "Seconds, 0 to 30 (0: stop at once).",
                kind: .whole(0...30, unit: "s"), default: .integer(3)),
            SettingField(
                ["shuffle"], "Shuffle", help: "Play the tracks in a random order.", kind: .onOff,
                default: .boolean(false)),
            SettingField(
                ["repeat"], "Repeat", help: "Start the playlist again after its last track.", kind: .onOff,
                default: .boolean(true)),
        ]
            + WorkoutKind.known.map { kind in
                SettingField(
                    ["playlists", kind.rawValue], kind.name,
                    help: "A playlist of its own for this kind of workout; empty: the playlist above.", kind: .path,
                    default: .string(""), section: "A playlist for each kind of workout")
            }
    }
}
