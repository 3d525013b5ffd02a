import Foundation
import HubCore

extension WorkoutExporter {
    /// The steps of the program `workout` followed as laps: each from its own start, with its own time and
    /// distance; the seconds after the last step (the program finished, the workout went on) make one more lap.
    ///
    /// A step's seconds are the program's time in it, which is the workout's moving time from its start (the
    /// program starts with the workout and its clock stops when the workout pauses), so the steps' seconds added up
    /// say which of the workout's seconds each holds, as the laps' moving seconds do.
    static func stepRanges(of workout: Workout, steps: [WorkoutProgramStep]) -> [LapRange] {
        var ranges: [LapRange] = []
        var lastSecond = 0
        for step in steps {
            lastSecond += Format.wholeNumber(max(0, step.seconds).rounded())
            ranges.append(
                LapRange(
                    lastSecond: lastSecond,
                    summary: .init(
                        startTime: step.startedAt, totalTimeSeconds: step.seconds,
                        distanceMeters: step.distanceMeters, kilocalories: 0)))
        }
        let unstepped = workout.totals.movingSeconds - lastSecond
        if unstepped > 0, let last = steps.last {
            ranges.append(
                LapRange(
                    lastSecond: .max,
                    summary: .init(
                        startTime: last.endedAt, totalTimeSeconds: Double(unstepped),
                        distanceMeters: max(
                            0, workout.totals.distanceMeters - steps.map(\.distanceMeters).reduce(0, +)),
                        kilocalories: 0)))
        } else if let last = ranges.indices.last {
            // The last lap holds whatever seconds there are after it, as the last stored lap does.
            ranges[last].lastSecond = .max
        }
        return ranges
    }
}
