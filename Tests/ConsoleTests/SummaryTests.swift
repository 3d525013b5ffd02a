import Console
import Foundation
import HubCore
import Testing

@Suite struct SummaryTests {
    static func workout(averageHeartRate: Double? = 141.4, maxHeartRate: Int? = 172, steps: Int? = 4_200) -> Workout {
        var totals = WorkoutTotals()
        totals.movingSeconds = 1_800
        totals.distanceMeters = 5_000
        totals.kilocalories = 349.6
        totals.averageSpeedMetersPerSecond = 5_000.0 / 1_800
        totals.averageHeartRate = averageHeartRate
        totals.maxHeartRate = maxHeartRate
        totals.steps = steps
        return Workout(
            id: 7, startedAt: Date(timeIntervalSince1970: 1_790_000_000),
            endedAt: Date(timeIntervalSince1970: 1_790_002_000),
            status: .finished, totals: totals, goal: nil, recovery: nil)
    }

    @Test func summarisesTimeDistancePaceEnergyHeartRateAndSteps() {
        #expect(
            Summary.text(for: Self.workout())
                == "Workout 7 finished: 30:00, 5.00 km, avg 6:00 /km, 350 kcal, avg HR 141, max 172, 4200 steps.")
    }

    @Test func leavesOutWhatWasNotMeasured() {
        #expect(
            Summary.text(for: Self.workout(averageHeartRate: nil, maxHeartRate: nil, steps: nil))
                == "Workout 7 finished: 30:00, 5.00 km, avg 6:00 /km, 350 kcal.")
    }

    @Test func anEmptyWorkoutHasNoPace() {
        var workout = Self.workout(averageHeartRate: nil, maxHeartRate: nil, steps: nil)
        workout.totals = WorkoutTotals()
        #expect(Summary.text(for: workout) == "Workout 7 finished: 0:00, 0 kcal.")
    }

    /// A ride says its speed, and its power and cadence rounded as the coach says them (143.5 W is 144 W).
    @Test func aRideSaysItsSpeedPowerAndCadence() {
        var ride = Self.workout(steps: nil)
        ride.kind = .indoorRide
        ride.totals.averagePower = 143.5
        ride.totals.averageCadence = 81.6
        #expect(
            Summary.text(for: ride)
                == "Workout 7 finished: 30:00, 5.00 km, avg 10.0 km/h, avg 144 W, avg 82 rpm, 350 kcal, avg HR 141, "
                + "max 172.")
    }
}
