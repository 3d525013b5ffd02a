import Foundation
import Testing

@testable import HubCore

/// The writer keeps what it cannot save, within a limit: beyond it the oldest seconds go, counted one by one,
/// while pauses, laps and finishes are never dropped.
@Suite struct WorkoutWriterLimitTests {
    private func seconds(_ workout: WorkoutID, _ range: ClosedRange<Int>) -> WorkoutWriter.Operation {
        let samples = range.map { second in
            WorkoutSample(
                second: second, recordedAt: Date(timeIntervalSince1970: 1_790_000_000 + Double(second)),
                heartRate: 100 + second, latitude: nil, longitude: nil, speedMetersPerSecond: nil, distanceMeters: 0,
                kilocalories: 0, steps: nil)
        }
        var totals = WorkoutTotals()
        totals.movingSeconds = range.upperBound
        return .seconds(workout, samples, totals, seenAt: nil)
    }

    @Test func beyondItsLimitTheOldestUnsavedSecondsAreDroppedAndCountedExactly() {
        var queue = WorkoutWriter.Queue(limit: 3)
        for second in 1...5 { queue.append(seconds(7, second...second)) }
        // Consecutive seconds of one workout merge into one write; two seconds over the limit went, oldest first.
        #expect(queue.operations == [seconds(7, 3...5)])
        #expect(queue.pendingSeconds == 3)
        #expect(queue.droppedSeconds == 2)
    }

    @Test func secondsOfTwoWorkoutsStayApartAndOnlySecondsAreEverDropped() {
        var queue = WorkoutWriter.Queue(limit: 4)
        let finish = WorkoutWriter.Operation.finished(
            7, at: Date(timeIntervalSince1970: 1_790_000_010), WorkoutTotals(), recovery: nil)
        queue.append(seconds(7, 1...3))
        queue.append(finish)
        queue.append(seconds(8, 1...3))
        #expect(queue.operations == [seconds(7, 3...3), finish, seconds(8, 1...3)])
        #expect(queue.droppedSeconds == 2)
        #expect(queue.pendingSeconds == 4)
    }
}
