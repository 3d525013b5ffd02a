import BlueZTestKit
import Foundation
import HubCore

/// A finished workout with these totals, for statistics worked out by hand.
func finishedWorkout(
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
func steadySamples(
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

extension Inbox {
    /// The next event, or a thrown error after `timeout` of real time: a guard against a hung test, not a timing.
    func next(within timeout: Duration = TestDeadline.hang) async throws -> Event {
        try await withThrowingTaskGroup(of: Event?.self) { group in
            group.addTask {
                var iterator = self.makeAsyncIterator()
                return await iterator.next()
            }
            group.addTask {
                try await Task.sleep(for: timeout)
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let event = first else {
                throw InboxTimeout(description: "no \(Event.self) within \(timeout)")
            }
            return event
        }
    }
}

struct InboxTimeout: Error, CustomStringConvertible {
    let description: String
}
