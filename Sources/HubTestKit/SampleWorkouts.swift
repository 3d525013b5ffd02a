import Foundation
import HubCore

/// A finished workout with these totals, for statistics worked out by hand.
public func finishedWorkout(
    id: WorkoutID, start: Date, seconds: Int, meters: Double, steps: Int? = nil, kcal: Double,
    averageHeartRate: Double? = nil, maxHeartRate: Int? = nil, maxSpeed: Double? = nil,
    status: WorkoutStatus = .finished
) -> Workout {
    var totals = WorkoutTotals()
    totals.movingSeconds = seconds
    totals.distanceMeters = meters
    totals.steps = steps
    totals.kilocalories = kcal
    totals.averageHeartRate = averageHeartRate
    totals.maxHeartRate = maxHeartRate
    totals.maxSpeedMetersPerSecond = maxSpeed
    totals.averageSpeedMetersPerSecond = seconds > 0 ? meters / Double(seconds) : nil
    return Workout(
        id: id, startedAt: start, endedAt: start.addingTimeInterval(Double(seconds)), status: status, totals: totals,
        goal: nil, recovery: nil)
}

/// Seconds of a run at a steady `speed`, with the heart rate `heartRate(second)` (nil for a gap).
public func steadySamples(
    seconds: Int, speed: Double, start: Date = Date(timeIntervalSince1970: 1_790_000_000),
    heartRate: (Int) -> Int? = { _ in 150 }
) -> [WorkoutSample] {
    (1...seconds).map { second in
        WorkoutSample(
            second: second, recordedAt: start.addingTimeInterval(Double(second)), heartRate: heartRate(second),
            latitude: 48 + Double(second) * 0.00001, longitude: 11.5, speedMetersPerSecond: speed,
            distanceMeters: Double(second) * speed, kilocalories: Double(second) * 0.2, steps: second * 3)
    }
}
