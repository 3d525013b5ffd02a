/// Something to tell the person: spoken by the voice coach, printed by the console.
public struct Announcement: BusMessage, Equatable {
    public enum Priority: Int, Sendable, Comparable {
        case info, important, urgent
        public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    public var text: String
    public var priority: Priority

    public init(_ text: String, priority: Priority = .info) {
        self.text = text
        self.priority = priority
    }
}

/// Ask the music player to do something.
public struct MusicCommand: BusMessage, Equatable {
    public enum Action: Sendable, Equatable {
        case playPause, next, previous, volumeUp, volumeDown
        case setVolume(percent: Int)
        /// Play the playlist in a random order (now, and when it starts again).
        case shuffle
    }

    public var action: Action

    public init(_ action: Action) { self.action = action }
}
