import Foundation

extension RecordedActivity {
    /// A gap without points shorter than this is never a pause by the laps' timers: recorders that store a point
    /// only when the course or pace changes ("smart recording") leave gaps of up to about 8 s while running.
    static let shortestTimedPause: TimeInterval = 10

    /// The indexes of the points that follow a pause, as the laps' own timers tell; nil when a lap has no timer.
    ///
    /// A TCX lap states the time its recorder's timer ran (`TotalTimeSeconds`); the rest of the lap's span, up to
    /// the next lap's start, the timer stood still (a pause, by hand or by auto-pause). That stopped time is
    /// placed in the lap's longest gaps between points: a gap is a pause when the stopped time left covers at
    /// least half of it. A gap the timer ran through (a recorder that stores few points while standing or going
    /// straight) is moving time, and a new `Track` at a lap's start is no pause either: recorders begin one for
    /// every lap.
    func pausesByLapTimers() -> Set<Int>? {
        guard !laps.isEmpty, laps.allSatisfy({ $0.totalTimeSeconds != nil }), let last = points.last else {
            return nil
        }
        var stopped = laps.indices.map { number in
            let end = number + 1 < laps.count ? laps[number + 1].startTime : last.time
            return end.timeIntervalSince(laps[number].startTime) - (laps[number].totalTimeSeconds ?? 0)
        }
        // Each gap belongs to the lap its middle falls in; the longest are placed first.
        var gaps: [(index: Int, seconds: TimeInterval, lap: Int)] = []
        for index in points.indices.dropFirst() {
            let seconds = points[index].time.timeIntervalSince(points[index - 1].time)
            guard seconds > Self.shortestTimedPause else { continue }
            let middle = points[index - 1].time.addingTimeInterval(seconds / 2)
            let lap = laps.lastIndex { $0.startTime <= middle } ?? 0
            gaps.append((index, seconds, lap))
        }
        var pauses = Set<Int>()
        for gap in gaps.sorted(by: { $0.seconds > $1.seconds }) where stopped[gap.lap] >= gap.seconds / 2 {
            pauses.insert(gap.index)
            stopped[gap.lap] -= gap.seconds
        }
        return pauses
    }
}
