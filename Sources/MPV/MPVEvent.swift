/// An event of one player, copied out of libmpv's memory on the player's event thread.
public enum MPVEvent: Sendable, Equatable {
    /// A playlist entry started loading.
    case startFile(entryID: Int64)
    /// The entry's file was opened and its tracks selected.
    case fileLoaded
    /// The entry stopped: played to its end, skipped, or failed (`error` is negative then).
    case endFile(MPVEndFile)
    /// The audio output was (re)opened with a new format.
    case audioReconfigured
    /// Nothing left to play: the player waits for a `loadfile`.
    case idle
    /// An observed property changed; `value` is its string form, nil when unavailable.
    case propertyChanged(name: String, value: String?)
    /// A log line at the level asked for (warnings and errors): `prefix` is mpv's module, e.g. "ao/alsa".
    case log(level: String, prefix: String, text: String)
}

/// Why and how a playlist entry ended (`mpv_event_end_file`).
public struct MPVEndFile: Sendable, Equatable {
    public enum Reason: Int32, Sendable {
        case endOfFile = 0, stopped = 2, quit = 3, error = 4, redirect = 5
    }

    public var reason: Reason
    /// libmpv's error code when `reason == .error` (e.g. -13 loading failed, -14 audio output failed), else 0.
    public var error: Int32
    public var entryID: Int64

    public init(reason: Reason, error: Int32, entryID: Int64) {
        self.reason = reason
        self.error = error
        self.entryID = entryID
    }

    /// `MPV_ERROR_AO_INIT_FAILED`: the audio device could not be opened.
    public var isAudioDeviceFailure: Bool { reason == .error && error == -14 }
}
