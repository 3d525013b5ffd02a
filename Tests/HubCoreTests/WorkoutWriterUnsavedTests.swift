import Foundation
import HubStore
import Testing

@testable import HubCore

/// What a hub that stops with unsaved workout data says it could not save, in words the voice can say.
@Suite struct WorkoutWriterUnsavedTests {
    private func seconds(_ workout: WorkoutID, _ range: ClosedRange<Int>) -> WorkoutWriter.Operation {
        let samples = range.map { second in
            WorkoutSample(
                second: second, recordedAt: Date(timeIntervalSince1970: 1_790_000_000 + Double(second)),
                heartRate: 100, latitude: nil, longitude: nil, speedMetersPerSecond: nil, distanceMeters: 0,
                kilocalories: 0, steps: nil)
        }
        return .seconds(workout, samples, WorkoutTotals(), seenAt: nil)
    }

    @Test func namesTheSecondsTheFinishAndOtherChanges() {
        var queue = WorkoutWriter.Queue(limit: 100)
        queue.append(seconds(3, 1...42))
        queue.append(.lap(3, WorkoutLap(number: 1, endedAt: Date(), movingSeconds: 42, distanceMeters: 100)))
        queue.append(.finished(3, at: Date(), WorkoutTotals(), recovery: nil))
        queue.append(.report(token: 1))
        #expect(queue.unsavedDescription == "the last 42 seconds of the workout and its finish and one other change")
        #expect(queue.workouts == [3])
    }

    @Test func oneSecondAndAFinishAloneReadWell() {
        var queue = WorkoutWriter.Queue(limit: 100)
        queue.append(seconds(3, 1...1))
        #expect(queue.unsavedDescription == "the last second of the workout")
        var finish = WorkoutWriter.Queue(limit: 100)
        finish.append(.finished(4, at: Date(), WorkoutTotals(), recovery: nil))
        #expect(finish.unsavedDescription == "the finish of the workout")
    }
}
