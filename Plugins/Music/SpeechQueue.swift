import HubCore

/// The speech clips waiting to be said, most urgent first, and which of them are too old to say.
///
/// Higher priorities go first. Only routine (`info`) clips, the periodic updates, may go unsaid: one whose event is
/// older than `staleAfterSeconds` when its turn comes is skipped (a "1 kilometre" heard a minute late is worse than
/// none), and when more than `capacity` routine clips wait, the oldest is dropped. Important and urgent ones (the
/// summary, a lap, a goal, the answer to "status now") are said however late and however many.
///
/// On a clock that runs faster than real time (`stayfit demo`) speech still plays in real time, so clips pile up
/// that the workout being simulated would have said one after the other. There a clip's turn is taken on the
/// simulated clock: when it would have come had every clip said before it lasted its own length of hub time. The
/// order (what had happened by then, most urgent first) and the age are judged at that turn, so the demo says what
/// the workout would, nothing skipped as "too late" only because the clock runs fast.
struct SpeechQueue {
    let capacity: Int
    let staleAfterSeconds: Double
    private(set) var waiting: [SpeechClip] = []
    /// On a sped-up clock: when the last clip said would have ended on the simulated clock.
    private var spokenUntil: HubInstant?

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
    /// - Parameters:
    ///   - now: the hub clock's instant.
    ///   - speed: hub seconds per real second. At 1 (or slower) a clip's age is the real time since its event; faster,
    ///     it is the time it would have waited on the simulated clock (see the type's description).
    mutating func next(at now: HubInstant, speed: Double) -> (clip: SpeechClip?, stale: [SpeechClip]) {
        var stale: [SpeechClip] = []
        while let earliest = waiting.map(\.eventAt).min() {
            let turn = speed > 1 ? max(spokenUntil ?? earliest, earliest) : now
            // The most urgent of the clips whose events had happened by their turn (`waiting` is in that order).
            let index = waiting.firstIndex { $0.eventAt <= turn } ?? waiting.startIndex
            let clip = waiting.remove(at: index)
            let age = speed > 1 ? (turn - clip.eventAt).seconds : (now - clip.eventAt).seconds / max(speed, 0.001)
            if clip.priority == .info, age > staleAfterSeconds {
                stale.append(clip)
                continue
            }
            if speed > 1 { spokenUntil = turn + .seconds(clip.duration) }
            return (clip, stale)
        }
        return (nil, stale)
    }
}
