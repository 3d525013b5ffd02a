import Foundation
import HubCore
import HubStore

/// Writes a stored workout to a GPX or TCX file, reading its seconds a page at a time.
///
/// A new GPX segment (TCX track) starts after each pause; a GPX segment ends with its closing point, the run's end
/// (``GPXWriter/endSegment(closing:)``), so a run of N seconds has N + 1 points. A TCX states its laps' timers and
/// has no closing point: one point a second. A TCX lap's totals come from a first pass over the
/// seconds, since TCX states them before the lap's points; neither pass holds more than a page. A workout that
/// followed a program has a TCX lap per step (``stepRanges(of:steps:)``), else the lap button's laps.
public enum WorkoutExporter {
    /// Seconds read from the store at a time.
    static let pageSize = 2_000

    /// Exports `workout` and returns the number of points written.
    ///
    /// - Parameter sport: the sport to write; nil writes the one stored with the workout (an import's), else the
    ///   sport of its kind (``ActivitySport/init(kind:)``).
    public static func export(
        _ workout: Workout, from store: HubStore, format: WorkoutFileFormat, sport: ActivitySport? = nil,
        to output: ChunkedFileWriter
    ) async throws -> Int {
        let sport = sport ?? workout.sport.flatMap(ActivitySport.init(rawValue:)) ?? ActivitySport(kind: workout.kind)
        let pauses = try await store.pauses(of: workout.id).map(\.startedAt).sorted()
        switch format {
        case .gpx:
            var writer = GPXWriter(
                output: output, name: "StayFit workout \(workout.id)", startedAt: workout.startedAt, sport: sport)
            var cadence = StepCadence()
            var pausesPassed = PauseFinder(pauses: pauses)
            var last: TrackPoint?
            try await forEachSample(of: workout.id, in: store) { sample, previous in
                if let previous, pausesPassed.pause(between: previous.recordedAt, and: sample.recordedAt) {
                    // Each run ends with its closing point, unless the next run begins within that second's end
                    // (a pause a reader could not tell from no pause).
                    if let last, sample.recordedAt >= previous.recordedAt.addingTimeInterval(2) {
                        writer.endSegment(closing: last)
                    } else {
                        writer.endSegment()
                    }
                    cadence.reset()
                }
                let point = point(from: sample, cadence: &cadence, onFoot: workout.kind.movement == .onFoot)
                writer.add(point)
                last = point
            }
            if let last { writer.endSegment(closing: last) }
            writer.finish()
            return writer.pointCount
        case .tcx:
            // A workout that followed a program has its steps as laps: each interval, set and rest is what a
            // person looks for in the file, and the lap button's laps of such a workout would cut across them.
            let steps = try await store.programSteps(of: workout.id)
            let ranges =
                steps.isEmpty
                ? lapRanges(of: workout, laps: try await store.laps(of: workout.id))
                : stepRanges(of: workout, steps: steps)
            let laps = try await summarise(ranges, of: workout, in: store)
            var writer = TCXWriter(output: output, startedAt: workout.startedAt, sport: sport)
            var cadence = StepCadence()
            var pausesPassed = PauseFinder(pauses: pauses)
            var lapIndex = -1
            try await forEachSample(of: workout.id, in: store) { sample, previous in
                var newLap = false
                while lapIndex < 0 || (lapIndex + 1 < laps.count && sample.second > laps[lapIndex].lastSecond) {
                    lapIndex += 1
                    newLap = true
                    // A step with no second of its own (skipped at once) is still a lap, with no points.
                    if !steps.isEmpty, lapIndex + 1 < laps.count, sample.second > laps[lapIndex].lastSecond {
                        writer.beginLap(laps[lapIndex].summary)
                    }
                }
                if newLap { writer.beginLap(laps[lapIndex].summary) }
                if let previous, pausesPassed.pause(between: previous.recordedAt, and: sample.recordedAt) {
                    writer.endTrack()
                    cadence.reset()
                }
                writer.add(point(from: sample, cadence: &cadence, onFoot: workout.kind.movement == .onFoot))
            }
            // Steps after the last second (skipped once the workout had stopped moving) are laps too.
            if !steps.isEmpty {
                for lap in laps[(lapIndex + 1)...] { writer.beginLap(lap.summary) }
            }
            writer.finish()
            return writer.pointCount
        }
    }

    /// - Parameter onFoot: the workout's cadence is steps a minute, which files count in strides (half as many).
    private static func point(from sample: WorkoutSample, cadence: inout StepCadence, onFoot: Bool) -> TrackPoint {
        let measured = sample.cadence.map { onFoot ? Int((Double($0) / 2).rounded()) : $0 }
        return TrackPoint(
            time: sample.recordedAt, latitude: sample.latitude, longitude: sample.longitude,
            // Elevation goes here once samples store it (`altitudeMeters: sample.altitudeMeters`).
            altitudeMeters: sample.altitudeMeters, distanceMeters: sample.distanceMeters,
            speedMetersPerSecond: sample.speedMetersPerSecond, heartRate: sample.heartRate,
            // Strides from the steps on foot; a bike's or a rower's cadence as its sensor measured it.
            cadence: cadence.add(second: sample.second, steps: sample.steps) ?? measured,
            stepsTotal: sample.steps, powerWatts: sample.powerWatts)
    }

    /// Calls `body` with every stored second of `workout` in order, and the second before it.
    private static func forEachSample(
        of workout: WorkoutID, in store: HubStore,
        _ body: (_ sample: WorkoutSample, _ previous: WorkoutSample?) throws -> Void
    ) async throws {
        var previous: WorkoutSample?
        var after = 0
        while true {
            let page = try await store.samples(of: workout, after: after, limit: pageSize)
            for sample in page {
                try body(sample, previous)
                previous = sample
            }
            guard let last = page.last, page.count == pageSize else { return }
            after = last.second
        }
    }

    // MARK: - Laps

    struct LapRange {
        /// The lap's last moving second.
        var lastSecond: Int
        var summary: TCXWriter.LapSummary
    }

    /// The laps as stored (the last one reaching the end of the workout).
    private static func lapRanges(of workout: Workout, laps stored: [WorkoutLap]) -> [LapRange] {
        var ranges: [LapRange] = []
        var lastSecond = 0
        var startTime = workout.startedAt
        for lap in stored {
            lastSecond += lap.movingSeconds
            ranges.append(
                LapRange(
                    lastSecond: lastSecond,
                    summary: .init(
                        startTime: startTime, totalTimeSeconds: Double(lap.movingSeconds),
                        distanceMeters: lap.distanceMeters, kilocalories: 0)))
            startTime = lap.endedAt
        }
        // Seconds after the last stored lap (or a workout without laps) make one more lap.
        let unlapped = workout.totals.movingSeconds - lastSecond
        if ranges.isEmpty || unlapped > 0 {
            ranges.append(
                LapRange(
                    lastSecond: .max,
                    summary: .init(
                        startTime: startTime, totalTimeSeconds: Double(max(0, unlapped)),
                        distanceMeters: max(
                            0,
                            workout.totals.distanceMeters
                                - (ranges.isEmpty ? 0 : stored.map(\.distanceMeters).reduce(0, +))),
                        kilocalories: 0)))
        }
        return ranges
    }

    /// `ranges` with their calories, heart rate and top speed from the seconds in them.
    private static func summarise(_ ranges: [LapRange], of workout: Workout, in store: HubStore) async throws
        -> [LapRange]
    {
        var ranges = ranges
        var index = 0
        var kilocaloriesBefore = 0.0, kilocaloriesAtEnd = 0.0
        var heartRateSum = 0, heartRateCount = 0
        func close(_ index: Int) {
            ranges[index].summary.kilocalories = kilocaloriesAtEnd - kilocaloriesBefore
            ranges[index].summary.averageHeartRate =
                heartRateCount > 0 ? Double(heartRateSum) / Double(heartRateCount) : nil
            kilocaloriesBefore = kilocaloriesAtEnd
            heartRateSum = 0
            heartRateCount = 0
        }
        try await forEachSample(of: workout.id, in: store) { sample, _ in
            while index + 1 < ranges.count, sample.second > ranges[index].lastSecond {
                close(index)
                index += 1
            }
            kilocaloriesAtEnd = sample.kilocalories
            if let heartRate = sample.heartRate {
                heartRateSum += heartRate
                heartRateCount += 1
                ranges[index].summary.maximumHeartRate = max(ranges[index].summary.maximumHeartRate ?? 0, heartRate)
            }
            if let speed = sample.speedMetersPerSecond {
                ranges[index].summary.maximumSpeedMetersPerSecond = max(
                    ranges[index].summary.maximumSpeedMetersPerSecond ?? 0, speed)
            }
        }
        close(index)
        return ranges
    }
}

/// Finds the pauses between two successive seconds, walking a sorted list of pause starts once.
struct PauseFinder {
    let pauses: [Date]
    private var next = 0

    init(pauses: [Date]) { self.pauses = pauses }

    /// Whether a pause began at or after `earlier` and before `later`.
    mutating func pause(between earlier: Date, and later: Date) -> Bool {
        while next < pauses.count, pauses[next] < earlier { next += 1 }
        guard next < pauses.count, pauses[next] < later else { return false }
        while next < pauses.count, pauses[next] < later { next += 1 }
        return true
    }
}
