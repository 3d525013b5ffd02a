/// Speech ready to be played: the voice coach synthesises it, the one audio path (the `music` plugin, which owns
/// the output device) plays it, lowering the music while it speaks.
///
/// Carries the samples themselves (16-bit signed, mono, interleaved when more channels), so that the player needs no
/// speech engine and the coach needs no audio device.
public struct SpeechClip: BusMessage {
    /// What is said, for the log and the console.
    public var text: String
    public var priority: Announcement.Priority
    public var sampleRate: Int
    public var channels: Int
    public var samples: [Int16]
    /// When the event it speaks about happened, on the monotonic clock: a routine clip still waiting long after
    /// it is skipped rather than said late.
    public var eventAt: HubInstant

    public init(
        text: String, priority: Announcement.Priority, sampleRate: Int, channels: Int = 1, samples: [Int16],
        eventAt: HubInstant
    ) {
        self.text = text
        self.priority = priority
        self.sampleRate = sampleRate
        self.channels = channels
        self.samples = samples
        self.eventAt = eventAt
    }

    /// The clip's length in seconds.
    public var duration: Double { Double(samples.count) / Double(max(1, sampleRate * channels)) }
}

/// What the audio path is doing, for the console, "status now" and the tests.
public struct AudioStatusChanged: BusMessage, Equatable {
    public enum Status: Sendable, Equatable {
        /// A track started: its title and artist from the tags, or the file name.
        case nowPlaying(title: String, artist: String?)
        case paused, stopped
        /// The playlist is empty or missing: "Empty Playlist".
        case emptyPlaylist
        /// A file could not be played and was skipped.
        case skipped(file: String, reason: String)
        /// The output device failed; the hub goes on without sound.
        case deviceFailed(String)
        /// The playlist was shuffled (the `shuffle` command).
        case shuffled
    }

    public var status: Status

    public init(_ status: Status) { self.status = status }
}
