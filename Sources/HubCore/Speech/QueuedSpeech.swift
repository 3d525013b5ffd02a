/// Something to be said that can wait its turn in a ``SpeechQueue``: how much it matters, when the event it speaks
/// about happened, and how long saying it takes.
///
/// The voice coach queues sentences before it synthesises them, the audio path queues the clips it plays: both
/// follow the same rule, so both conform.
///
/// ```swift
/// extension Utterance: QueuedSpeech {
///     public var speakingTime: Duration { .zero }  // not synthesised yet
/// }
/// ```
public protocol QueuedSpeech: Sendable {
    var priority: Announcement.Priority { get }
    /// When the event happened, on the hub's monotonic clock.
    var eventAt: HubInstant { get }
    /// How long saying it takes; zero while that is not known (a sentence not yet synthesised).
    var speakingTime: Duration { get }
}

extension SpeechClip: QueuedSpeech {
    public var speakingTime: Duration { .seconds(duration) }
}
