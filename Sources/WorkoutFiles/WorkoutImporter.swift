import Foundation
import HubCore
import HubStore

/// Turns a recorded activity into a workout to store, one second of moving time at a time, through the live
/// workout's own pipeline (`WorkoutReplay`). A file that carries its recorder's distance (TCX `DistanceMeters`, a
/// GPX distance extension) or speed (a GPX speed extension) keeps the recorder's distance
/// (``RecordedActivity/distanceSource``); otherwise the distance is the hub's own, from the positions. A TCX
/// keeps its calories.
///
/// Pauses: in a TCX whose laps state their timers (`TotalTimeSeconds`), the gaps the timer stood still through
/// are the pauses (`RecordedActivity.pausesByLapTimers()`), so the moving time is the recorder's own. Otherwise
/// (GPX) a gap of more than `pauseGap` between two points (unless the track went on across it, see
/// `longestMovingGap`), or any gap between two segments (GPX `trkseg`, TCX `Track`), is a pause, as the
/// recorder's auto-pause writes it. Any other gap (a tunnel, a recorder storing few
/// points) is moving time without positions, as in a live workout.
///
/// Seconds: a run (from the start or a pause to the next pause or the end) lasts from its first point to its
/// last, as a recorder's timer runs from its start to its stop: a 1 Hz GPX of 1801 points, 0:00 through 30:00,
/// is 30:00 of moving time in 1800 seconds, the last point counted in the last second. The hub's own GPX export
/// writes that closing point after each run's last second (``GPXWriter/endSegment(closing:)``), so a round trip
/// keeps every second. In a TCX whose laps state their timers, the timers say whether the last point closes a
/// second.
///
/// Positions go through a ``TrackPointFilter`` first, when one is given: with the location plugin's, a file plays
/// through the whole live pipeline.
public enum WorkoutImporter {
    /// A gap without points longer than this is a pause, unless the track went on across it (``longestMovingGap``).
    public static let pauseGap: TimeInterval = 30
    /// A gap up to this long across which the track went on at ``movingGapSpeed`` or more is moving time.
    /// Recorders that store a point only when the course or pace changes leave such gaps with the timer running
    /// (a vívoactive HR walk and ski; a Forerunner 920XT's swim, a point every 55–77 s): as pauses those lost up
    /// to 3 % of their distance and 20 % of their moving time. A longer gap is a pause however far it goes (a
    /// COROS PACE 2 ride moved 400 m in 93 s and 580 m in 9 minutes with its timer stopped).
    public static let longestMovingGap: TimeInterval = 80
    /// The speed across a gap from which the track went on: more than a receiver's wander at a stop.
    public static let movingGapSpeed = 0.2
    /// A reading is held this long, as the live workout holds a strap's reading: a file that records every few
    /// seconds still has a heart rate every second. A later point without a reading ends the hold.
    public static let heartRateHold: TimeInterval = 5

    /// The workout to store from `activity` (which has at least one point, as `ActivityFileReader` ensures), with
    /// all its seconds.
    public static func workout(from activity: RecordedActivity, person: Calories.Person = .unknown) -> ImportedWorkout {
        workout(from: activity, person: person, filter: UnfilteredTrack())
    }

    /// The workout to store from `activity`, with all its seconds, its positions cleaned by `filter` first.
    public static func workout<Filter: TrackPointFilter>(
        from activity: RecordedActivity, person: Calories.Person = .unknown, filter: Filter
    ) -> ImportedWorkout {
        var samples: [WorkoutSample] = []
        if let first = activity.points.first, let last = activity.points.last {
            samples.reserveCapacity(Int(last.time.timeIntervalSince(first.time)) + 1)
        }
        let replayed = replay(activity, person: person, filter: filter) { samples.append($0) }
        if let fileKilocalories = replayed.fileKilocalories {
            let estimated = replayed.estimatedKilocalories
            for offset in samples.indices {
                samples[offset].kilocalories =
                    estimated > 0
                    ? samples[offset].kilocalories * fileKilocalories / estimated
                    : fileKilocalories * Double(offset + 1) / Double(samples.count)
            }
        }
        var workout = replayed.workout
        workout.samples = samples
        return workout
    }

    /// Replays `activity` and stores it in `store` as one workout, writing each second as soon as it is made, so
    /// that a long activity's seconds are never all held at once (`HubStore.importWorkout(_:)`).
    ///
    /// Either the whole workout is stored or, when a write fails, nothing.
    ///
    /// - Returns: the new workout's id, and the workout without its seconds (they are in the store).
    public static func store(
        _ activity: RecordedActivity, person: Calories.Person = .unknown, in store: HubStore
    ) async throws -> (id: WorkoutID, workout: ImportedWorkout) {
        try await self.store(activity, person: person, filter: UnfilteredTrack(), in: store)
    }

    /// Stores `activity` as ``store(_:person:in:)`` does, its positions cleaned by `filter` first.
    public static func store<Filter: TrackPointFilter & Sendable>(
        _ activity: RecordedActivity, person: Calories.Person = .unknown, filter: Filter, in store: HubStore
    ) async throws -> (id: WorkoutID, workout: ImportedWorkout) {
        try await store.importWorkout { seconds in
            let replayed = try replay(activity, person: person, filter: filter) { try seconds.append($0) }
            if let fileKilocalories = replayed.fileKilocalories {
                try seconds.scaleKilocalories(from: replayed.estimatedKilocalories, to: fileKilocalories)
            }
            return replayed.workout
        }
    }

    /// A replayed activity: the workout without its seconds (each went to `emit`), and its energy.
    private struct Replayed {
        var workout: ImportedWorkout
        /// The hub's own estimate of the energy, which the seconds' running totals add up to.
        var estimatedKilocalories: Double
        /// The recorder's own energy figure (TCX laps), which the workout's totals already hold and which the
        /// seconds' running totals are to be scaled to.
        var fileKilocalories: Double?
    }

    /// Plays `activity` through the live workout's pipeline and hands each second to `emit` as it is made.
    private static func replay<Filter: TrackPointFilter>(
        _ activity: RecordedActivity, person: Calories.Person, filter: Filter, emit: (WorkoutSample) throws -> Void
    ) rethrows -> Replayed {
        let points =
            activity.distanceSource == .recorderSpeed ? distancesFromSpeed(of: activity) : activity.points
        guard let start = points.first?.time else {
            return Replayed(
                workout: ImportedWorkout(
                    startedAt: .distantPast, endedAt: .distantPast, totals: WorkoutTotals(), samples: []),
                estimatedKilocalories: 0)
        }
        var replay = WorkoutReplay(startedAt: start, person: person)
        let fileLaps = lapsWithPoints(activity.laps)
        let lapStarts = fileLaps.map(\.firstPoint).filter { $0 > 0 }
        let keepsOwnDistance = activity.keepsOwnDistance
        let timedPauses = activity.pausesByLapTimers()
        // A recorder's timer runs from its first point to its last: 1801 points a second apart are 30:00 by the
        // laps' TotalTimeSeconds, not 30:01. Then the last point closes the second before it instead of opening one.
        // Without timers, each run (from a start or a pause to the next pause or the end) lasts from its first
        // point to its last in the same way.
        let timedSeconds = timedPauses.map { _ in
            Int(activity.laps.compactMap(\.totalTimeSeconds).reduce(0, +).rounded())
        }
        let segmentStartSet = Set(activity.segmentStarts)
        // Whether the point at `next` begins a new run (after a pause), by the gaps and segments of a file without
        // timers, the point before it having been counted in the second that ends at `secondEnd`.
        func untimedPause(before next: Int, secondEnd: Date) -> Bool {
            let gap = points[next].time.timeIntervalSince(points[next - 1].time)
            return (gap > pauseGap && !wentOn(from: points[next - 1], to: points[next]))
                || (segmentStartSet.contains(next) && points[next].time >= secondEnd.addingTimeInterval(1))
        }
        // Whether the point at `index`, at a second's end, closes that second instead of opening one: without
        // timers, the last point of each run does (1801 points a second apart are 30:00, and the hub's own GPX
        // export writes that closing point); with them, the last point of the file, when the timers count no
        // second more.
        func closesSecond(_ index: Int, secondEnd: Date, secondsMade: Int) -> Bool {
            guard points[index].time == secondEnd else { return false }
            if let timedSeconds {
                return index == points.count - 1 && secondsMade + 1 >= timedSeconds
            }
            return index == points.count - 1 || untimedPause(before: index + 1, secondEnd: secondEnd)
        }
        var filter = filter

        var secondsMade = 0
        var pauses: [WorkoutPause] = []
        var laps: [WorkoutLap] = []
        var nextLap = 0
        var index = 0
        var runStart = start
        var secondInRun = 0
        var fileDistance = 0.0
        var heartRate: (beatsPerMinute: Int, at: Date)?
        // The hub's own export carries the workout's steps so far, which come back exactly; otherwise a running
        // cadence (strides a minute) is the workout's steps: two a stride, held like a heart rate.
        let fileCountsSteps = points.contains { $0.stepsTotal != nil }
        let cadenceIsSteps = activity.sport == .running && !fileCountsSteps
        var fileSteps = 0
        var cadence: (stridesPerMinute: Int, at: Date)?
        // A bike's or a rower's cadence, and power: held like a heart rate, stored with each second.
        var machineCadence: (perMinute: Int, at: Date)?
        var power: (watts: Int, at: Date)?
        var powerMetrics = PowerMetrics()
        var cadenceSum = 0, cadenceSeconds = 0, maxCadence: Int?
        var steps: Double?
        var label = start
        while index < points.count {
            label = runStart.addingTimeInterval(Double(secondInRun))
            let secondEnd = label.addingTimeInterval(1)
            while nextLap < lapStarts.count, lapStarts[nextLap] <= index, points[index].time < secondEnd {
                if secondsMade > 0 { laps.append(replay.closeLap(at: label)) }
                nextLap += 1
            }
            while index < points.count,
                points[index].time < secondEnd || closesSecond(index, secondEnd: secondEnd, secondsMade: secondsMade)
            {
                let point = points[index]
                if point.hasPosition, let counted = filter.filter(point), let latitude = counted.latitude,
                    let longitude = counted.longitude
                {
                    replay.addPosition(
                        latitude: latitude, longitude: longitude, altitudeMeters: counted.altitudeMeters,
                        speedMetersPerSecond: counted.speedMetersPerSecond, at: counted.time)
                }
                if let beats = point.heartRate {
                    heartRate = (beats, point.time)
                } else if let held = heartRate, point.time > held.at {
                    // A point recorded later without a reading (no <hr>, or 0): the strap said nothing then, and a
                    // held reading would store a stale heart rate for the next seconds.
                    heartRate = nil
                }
                if cadenceIsSteps, let strides = point.cadence { cadence = (strides, point.time) }
                if activity.sport != .running, let perMinute = point.cadence {
                    machineCadence = (perMinute, point.time)
                }
                if let watts = point.powerWatts { power = (watts, point.time) }
                if let distance = point.distanceMeters { fileDistance = max(fileDistance, distance) }
                if let total = point.stepsTotal { fileSteps = max(fileSteps, total) }
                index += 1
            }
            let fresh = heartRate.flatMap { label.timeIntervalSince($0.at) < heartRateHold ? $0.beatsPerMinute : nil }
            let stepsBefore = steps ?? 0
            if let cadence, label.timeIntervalSince(cadence.at) < heartRateHold {
                steps = stepsBefore + Double(cadence.stridesPerMinute) / 30
            }
            // The total before this second's steps: the workout counts steps from the first total it is given.
            var sample = replay.closeSecond(
                label: label, heartRate: fresh, stepsTotal: steps.map { _ in Int(stepsBefore.rounded(.down)) })
            if keepsOwnDistance { sample.distanceMeters = fileDistance }
            sample.cadence = machineCadence.flatMap {
                label.timeIntervalSince($0.at) < heartRateHold ? $0.perMinute : nil
            }
            sample.powerWatts = power.flatMap { label.timeIntervalSince($0.at) < heartRateHold ? $0.watts : nil }
            if fileCountsSteps { sample.steps = fileSteps }
            if let watts = sample.powerWatts { powerMetrics.add(watts: watts) }
            if let perMinute = sample.cadence {
                (cadenceSum, cadenceSeconds) = (cadenceSum + perMinute, cadenceSeconds + 1)
                maxCadence = max(maxCadence ?? perMinute, perMinute)
            }
            try emit(sample)
            secondsMade += 1
            secondInRun += 1
            guard index < points.count else { break }
            let isPause =
                timedPauses.map { $0.contains(index) } ?? untimedPause(before: index, secondEnd: secondEnd)
            if isPause {
                pauses.append(WorkoutPause(startedAt: secondEnd, endedAt: points[index].time))
                replay.pause()
                filter.pause()
                heartRate = nil
                runStart = points[index].time
                secondInRun = 0
            }
        }
        let endedAt = label.addingTimeInterval(1)
        if !laps.isEmpty { laps.append(replay.closeLap(at: endedAt)) }

        var totals = replay.totals
        // A file's power and cadence: the totals the engine keeps for a ride it records.
        totals.averagePower = powerMetrics.averageWatts
        totals.maxPower = powerMetrics.maxWatts
        totals.normalizedPower = powerMetrics.normalizedWatts
        totals.workKilojoules = powerMetrics.workKilojoules
        totals.averageCadence = cadenceSeconds > 0 ? Double(cadenceSum) / Double(cadenceSeconds) : nil
        totals.maxCadence = maxCadence
        if keepsOwnDistance {
            let lapDistances = fileLaps.compactMap(\.distanceMeters)
            let distance =
                !fileLaps.isEmpty && lapDistances.count == fileLaps.count ? lapDistances.reduce(0, +) : fileDistance
            totals.distanceMeters = distance
            totals.averageSpeedMetersPerSecond =
                totals.movingSeconds > 0 ? distance / Double(totals.movingSeconds) : nil
            if laps.count == fileLaps.count {
                for (offset, fileLap) in fileLaps.enumerated() {
                    if let distance = fileLap.distanceMeters { laps[offset].distanceMeters = distance }
                }
            }
        }
        if fileCountsSteps { totals.steps = fileSteps }
        let estimated = totals.kilocalories
        let fileKilocalories = fileLaps.compactMap(\.kilocalories).reduce(0, +)
        // The recorder's own energy figure is kept; the seconds' running totals are scaled to reach it.
        if fileKilocalories > 0 { totals.kilocalories = fileKilocalories }
        var workout = ImportedWorkout(
            startedAt: start, endedAt: endedAt, totals: totals, samples: [], laps: laps, pauses: pauses)
        workout.sport = activity.sport.rawValue
        workout.kind = activity.sport.workoutKind
        return Replayed(
            workout: workout, estimatedKilocalories: estimated,
            fileKilocalories: fileKilocalories > 0 ? fileKilocalories : nil)
    }

    /// Whether the track went on across the gap between two points (see ``longestMovingGap``).
    static func wentOn(from earlier: TrackPoint, to later: TrackPoint) -> Bool {
        let seconds = later.time.timeIntervalSince(earlier.time)
        guard seconds <= longestMovingGap, let fromLatitude = earlier.latitude, let fromLongitude = earlier.longitude,
            let toLatitude = later.latitude, let toLongitude = later.longitude
        else { return false }
        let meters = Geo.distanceMeters(
            fromLatitude: fromLatitude, longitude: fromLongitude, toLatitude: toLatitude, longitude: toLongitude)
        return meters >= movingGapSpeed * seconds
    }

    /// The points with the running distance their recorder's speed gives: each point's speed over the time since
    /// the point before, within a segment and across gaps shorter than a pause (the speed a recorder stores at a
    /// point is its speed over the second before it, as the hub stores its own).
    static func distancesFromSpeed(of activity: RecordedActivity) -> [TrackPoint] {
        var points = activity.points
        var segmentStarts = Set(activity.segmentStarts)
        segmentStarts.insert(0)
        var meters = 0.0
        for index in points.indices {
            if !segmentStarts.contains(index) {
                let seconds = points[index].time.timeIntervalSince(points[index - 1].time)
                if seconds <= pauseGap { meters += (points[index].speedMetersPerSecond ?? 0) * seconds }
            }
            points[index].distanceMeters = meters
        }
        return points
    }

    /// The file's laps that have points (an empty lap shares its first point with the next; the next is kept).
    private static func lapsWithPoints(_ laps: [RecordedLap]) -> [RecordedLap] {
        var kept: [RecordedLap] = []
        for lap in laps {
            if let last = kept.last, last.firstPoint == lap.firstPoint { kept.removeLast() }
            kept.append(lap)
        }
        return kept
    }
}
