import HubCore

/// Decides when the heart-rate zone has changed, with hysteresis so that a heart rate on a boundary does not
/// make the coach chatter.
///
/// A new zone counts only once the heart rate is at least `marginBeatsPerMinute` past the boundary (above it when
/// going up, below it when going down) and has stayed in that zone, past the margin, for `hold` of hub time.
/// The first zone seen is taken without a word: the person has not changed anything yet.
public struct ZoneTracker: Sendable {
    public let maximumHeartRate: Int
    public let marginBeatsPerMinute: Int
    public let hold: Duration

    /// The zone last announced (or first taken).
    public private(set) var current: HeartRateZone?
    /// A zone the heart rate is in, past the margin, and since when.
    private var candidate: (zone: HeartRateZone, since: HubInstant)?

    public init(maximumHeartRate: Int, marginBeatsPerMinute: Int, hold: Duration) {
        self.maximumHeartRate = maximumHeartRate
        self.marginBeatsPerMinute = marginBeatsPerMinute
        self.hold = hold
    }

    /// Takes a reading at `instant`; returns the new zone when the change is to be announced.
    public mutating func update(beatsPerMinute: Int, at instant: HubInstant) -> HeartRateZone? {
        let raw = HeartRateZone.of(beatsPerMinute, maximum: maximumHeartRate)
        guard let current else {
            self.current = raw
            return nil
        }
        guard raw != current, isPastMargin(beatsPerMinute, into: raw, from: current) else {
            candidate = nil
            return nil
        }
        if let candidate, candidate.zone == raw {
            guard instant - candidate.since >= hold else { return nil }
            self.current = raw
            self.candidate = nil
            return raw
        }
        candidate = (raw, instant)
        if hold <= .zero {
            self.current = raw
            candidate = nil
            return raw
        }
        return nil
    }

    /// Forgets the zone (a new workout starts without one).
    public mutating func reset() {
        current = nil
        candidate = nil
    }

    /// Whether the reading is far enough past the boundary between `current` and `zone`.
    private func isPastMargin(_ beatsPerMinute: Int, into zone: HeartRateZone, from current: HeartRateZone) -> Bool {
        let margin = Double(marginBeatsPerMinute)
        if zone > current {
            // Going up: past the lower limit of the new zone by the margin.
            return Double(beatsPerMinute) >= HeartRateZone.lowerLimit(of: zone.number, maximum: maximumHeartRate)
                + margin
        }
        // Going down: below the lower limit of the zone above the new one (the boundary crossed) by the margin.
        return Double(beatsPerMinute) < HeartRateZone.lowerLimit(of: zone.number + 1, maximum: maximumHeartRate)
            - margin
    }
}
