import HubCore

/// A sentence the coach means to say, how much it matters, and when the event it speaks about happened.
public struct Utterance: QueuedSpeech, Equatable {
    public var text: String
    public var priority: Announcement.Priority
    /// When the event happened, on the hub's monotonic clock.
    public var eventAt: HubInstant

    public init(_ text: String, priority: Announcement.Priority = .info, eventAt: HubInstant) {
        self.text = text
        self.priority = priority
        self.eventAt = eventAt
    }
}

extension Utterance {
    /// Not known before synthesis: queued sentences are taken as taking no time to say.
    public var speakingTime: Duration { .zero }
}
