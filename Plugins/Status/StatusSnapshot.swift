import HubCore

/// What the hub knows right now, kept up to date from the bus, and the one sentence that says it.
///
/// The workout's part comes from the engine; every other part ("heart rate 142, strap battery 80%", "GPS fix") is a
/// `StatusPart` its plugin published, said in its place, fresh or stale as its own deadline says. A source that
/// never published a part (no GPS plugin, no strap) is left out of the sentence rather than said missing every
/// time.
public struct StatusSnapshot: Sendable {
    public var state: WorkoutState = .idle
    /// The workout's last progress, while it runs or is paused.
    public var progress: WorkoutProgress?
    /// The newest part of each source.
    public private(set) var parts: [String: StatusPart] = [:]

    public init() {}

    // MARK: - Updates

    /// The workout engine changed state.
    public mutating func apply(_ change: WorkoutStateChanged) {
        state = change.state
        if change.state == .idle || change.state == .finished {
            progress = nil
        } else {
            progress?.state = change.state
        }
    }

    public mutating func apply(_ progress: WorkoutProgress) {
        self.progress = progress
        state = progress.state
    }

    /// A source's newest part, which replaces its last.
    public mutating func apply(_ part: StatusPart) {
        parts[part.source] = part
    }

    // MARK: - The sentence

    /// One sentence, e.g. "Recording 12:04, 3.10 km, heart rate 142, strap battery 80%, GPS fix." or
    /// "Idle, no heart rate, no GPS fix."
    public func sentence(at instant: HubInstant) -> String {
        let measuresDistance = parts.values.contains(where: \.measuresDistance)
        var words: [String] = []
        switch (state, progress) {
        case (.running, let progress?), (.paused, let progress?):
            // Moving time, the workout's own clock: the same figure as the console's status line and the summary.
            var numbers = Format.clock(progress.moving)
            // Distance only where something measures it: indoors without GPS, "0 m" would be a figure never taken.
            if measuresDistance || progress.totals.distanceMeters > 0 {
                numbers += ", " + Format.distance(meters: progress.totals.distanceMeters)
            }
            // A run as before kinds; any other kind is named: "Recording indoor ride 24:10, 12.4 km".
            let kind = progress.kind == .run ? "" : progress.kind.name.lowercased() + " "
            words.append((state == .paused ? "Paused " : "Recording ") + kind + numbers)
        case (.running, nil):
            words.append(measuresDistance ? "Recording 0:00, 0 m" : "Recording 0:00")
        case (.paused, nil):
            words.append("Paused")
        case (.idle, _), (.finished, _):
            words.append("Idle")
        }
        let ordered = parts.values.sorted { ($0.place, $0.source) < ($1.place, $1.source) }
        words += ordered.map { $0.words(at: instant) }.filter { !$0.isEmpty }
        return words.joined(separator: ", ") + "."
    }
}
