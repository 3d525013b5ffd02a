/// Heart-rate variability from beat-to-beat (RR) intervals.
public enum HeartRateVariability {
    /// RR intervals outside this range (ms) are artefacts: 30 to 200 bpm.
    public static let plausibleIntervals = 300.0...2000.0

    /// RMSSD: the root mean square of successive differences between RR intervals, in milliseconds.
    ///
    /// The intervals are in the strap's 1/1024 s, as stored. Intervals outside `plausibleIntervals` are dropped, and
    /// a successive difference is only taken between two kept intervals that were adjacent, so one missed beat does
    /// not count as a huge variation. Nil with fewer than two successive pairs.
    public static func rmssd(rrIntervals1024 intervals: [UInt16]) -> Double? {
        var accumulator = RMSSDAccumulator()
        accumulator.add(intervals)
        return accumulator.rmssd
    }
}

/// RMSSD built up interval by interval, for a workout that receives its RR intervals over time.
public struct RMSSDAccumulator: Sendable, Equatable {
    private var sumOfSquares = 0.0
    private var pairs = 0
    private var previous: Double?

    public init() {}

    /// Adds intervals (1/1024 s) in the order they were measured.
    public mutating func add(_ intervals1024: [UInt16]) {
        for interval in intervals1024.map({ HeartRateMeasured.milliseconds(rrInterval1024: $0) }) {
            guard HeartRateVariability.plausibleIntervals.contains(interval) else {
                previous = nil
                continue
            }
            if let previous {
                let difference = interval - previous
                sumOfSquares += difference * difference
                pairs += 1
            }
            previous = interval
        }
    }

    /// Ends the run of successive beats: the next interval is not paired with the last one (a gap, a pause).
    public mutating func breakSequence() { previous = nil }

    /// Nil with fewer than two successive pairs.
    public var rmssd: Double? { pairs >= 2 ? (sumOfSquares / Double(pairs)).squareRoot() : nil }
}
