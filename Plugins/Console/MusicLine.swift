import HubCore

/// The console line for what the music player did, e.g. `Now playing: Steady Pace — StayFit Hub`; nil for what
/// needs no line of its own (pausing and stopping follow the workout, and "Empty Playlist" is announced).
public enum MusicLine {
    public static func text(for change: AudioStatusChanged) -> String? {
        switch change.status {
        case .nowPlaying(let title, let artist): "Now playing: \(title)" + (artist.map { " — \($0)" } ?? "")
        case .skipped(let file, let reason): "Music: skipped \(file) (\(reason))"
        case .deviceFailed(let reason): "Music: the audio device failed (\(reason))"
        case .shuffled: "Music: playlist shuffled"
        case .paused, .stopped, .emptyPlaylist: nil
        }
    }
}
