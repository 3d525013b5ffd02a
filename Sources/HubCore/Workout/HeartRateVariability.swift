/// Heart-rate variability from beat-to-beat (RR) intervals.
public enum HeartRateVariability {
    /// RR intervals outside this range (ms) are artefacts: 30 to 200 bpm.
    public static let plausibleIntervals = 300.0...2000.0

    /// RMSSD: the root mean square of successive differences between RR intervals, in milliseconds.
    ///
    /// Intervals outside `plausibleIntervals` are dropped, and a successive difference is only taken between
    /// two kept intervals that were adjacent, so one missed beat does not count as a huge variation.
    /// Nil with fewer than two successive pairs.
    public static func rmssd(rrIntervalsMilliseconds intervals: [Double]) -> Double? {
        var sumOfSquares = 0.0
        var pairs = 0
        var previous: Double?
        for interval in intervals {
            guard plausibleIntervals.contains(interval) else {
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
        guard pairs >= 2 else { return nil }
        return (sumOfSquares / Double(pairs)).squareRoot()
    }
}
