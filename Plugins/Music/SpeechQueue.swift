import HubCore

/// The speech clips waiting to be said, most urgent first, and which of them are too old to say.
///
/// Higher priorities go first. Only routine (`info`) clips, the periodic updates, may go unsaid: one whose event is
/// older than `staleAfterSeconds` of real time when its turn comes is skipped (a "1 kilometre" heard a minute late
/// is worse than none), and when more than `capacity` routine clips wait, the oldest is dropped. Important and
/// urgent ones (the summary, a lap, a goal, the answer to "status now") are said however late and however many.
struct SpeechQueue {
    let capacity: Int
    let staleAfterSeconds: Double
    private(set) var waiting: [SpeechClip] = []

    init(capacity: Int = 16, staleAfterSeconds: Double) {
        self.capacity = capacity
        self.staleAfterSeconds = staleAfterSeconds
    }

    var isEmpty: Bool { waiting.isEmpty }

    /// Queues `clip` behind every clip of the same or a higher priority; returns a routine clip pushed out, if any.
    mutating func add(_ clip: SpeechClip) -> SpeechClip? {
        let position = waiting.firstIndex { $0.priority < clip.priority } ?? waiting.endIndex
        waiting.insert(clip, at: position)
        guard waiting.count(where: { $0.priority == .info }) > capacity,
            let oldest = waiting.indices.filter({ waiting[$0].priority == .info })
                .min(by: { waiting[$0].eventAt < waiting[$1].eventAt })
        else { return nil }
        return waiting.remove(at: oldest)
    }

    /// The next clip to say, and the routine clips skipped on the way because they went stale.
    ///
    /// - Parameter ageInSeconds: how old a clip's event is in real time now.
    mutating func next(ageInSeconds: (SpeechClip) -> Double) -> (clip: SpeechClip?, stale: [SpeechClip]) {
        var stale: [SpeechClip] = []
        while !waiting.isEmpty {
            let clip = waiting.removeFirst()
            if clip.priority == .info, ageInSeconds(clip) > staleAfterSeconds {
                stale.append(clip)
                continue
            }
            return (clip, stale)
        }
        return (nil, stale)
    }
}
