import Console
import HubCore
import Testing

@Suite struct StatusLineTests {
    /// 2.41 km of a 5 km goal, for workout 7.
    static let goal = GoalProgress(workoutID: 7, goal: Goal(kind: .distance, target: 5_000), value: 2_410)

    static func progress(
        state: WorkoutState = .running, heartRate: Int? = 142, speed: Double? = 1000.0 / 312, steps: Int? = nil
    ) -> WorkoutProgress {
        var totals = WorkoutTotals()
        totals.movingSeconds = 754
        totals.distanceMeters = 2_410
        totals.kilocalories = 183.4
        totals.steps = steps
        return WorkoutProgress(
            workoutID: 7, state: state, elapsed: .seconds(800), moving: .seconds(754), totals: totals,
            currentSpeedMetersPerSecond: speed, currentHeartRate: heartRate, at: HubInstant(sinceOrigin: .seconds(800)))
    }

    @Test func indoorsWithoutADistanceItLeavesOutDistanceAndPace() {
        var progress = Self.progress(speed: nil)
        progress.totals.distanceMeters = 0
        #expect(StatusLine.text(for: progress, plain: true) == "running  12:34  HR 142  183 kcal")
    }

    @Test func showsTimeDistancePaceHeartRateEnergyAndGoal() {
        #expect(
            StatusLine.text(for: Self.progress(), goal: Self.goal)
                == "▶  12:34  2.41 km  5:12 /km  ♥ 142  183 kcal  goal 48%")
    }

    @Test func plainTextSpellsOutTheStateAndHeartRate() {
        #expect(
            StatusLine.text(for: Self.progress(), goal: Self.goal, plain: true)
                == "running  12:34  2.41 km  5:12 /km  HR 142  183 kcal  goal 48%")
    }

    @Test func aMissingHeartRateIsAGapNotAZero() {
        let text = StatusLine.text(for: Self.progress(heartRate: nil), goal: Self.goal)
        #expect(text.contains("♥ --"))
        #expect(!text.contains("♥ 0"))
        #expect(StatusLine.text(for: Self.progress(heartRate: nil), plain: true).contains("HR --"))
    }

    @Test func standingStillShowsNoPace() {
        #expect(StatusLine.text(for: Self.progress(speed: nil), goal: Self.goal).contains("  –:– /km  "))
        #expect(StatusLine.text(for: Self.progress(speed: 0.1), goal: Self.goal).contains("  –:– /km  "))
    }

    @Test func showsStepsWhenCountedAndLeavesOutAMissingGoal() {
        #expect(
            StatusLine.text(for: Self.progress(steps: 2_105), goal: nil)
                == "▶  12:34  2.41 km  5:12 /km  ♥ 142  183 kcal  2105 steps")
    }

    @Test func leavesOutTheGoalOfAnotherWorkout() {
        var earlier = Self.goal
        earlier.workoutID = 6
        #expect(
            StatusLine.text(for: Self.progress(), goal: earlier) == "▶  12:34  2.41 km  5:12 /km  ♥ 142  183 kcal")
    }

    @Test(arguments: [
        (WorkoutState.running, "▶", "running"), (.paused, "⏸", "paused"), (.idle, "■", "stopped"),
        (.finished, "■", "stopped"),
    ])
    func startsWithTheState(state: WorkoutState, symbol: String, word: String) {
        #expect(StatusLine.text(for: Self.progress(state: state), goal: Self.goal).hasPrefix(symbol + "  12:34"))
        #expect(
            StatusLine.text(for: Self.progress(state: state), goal: Self.goal, plain: true).hasPrefix(word + "  12:34"))
    }

    @Test func aGoalBeyondItsTargetShowsAHundredPercent() {
        let goal = GoalProgress(workoutID: 7, goal: Goal(kind: .kcal, target: 100), value: 183.4)
        #expect(StatusLine.text(for: Self.progress(), goal: goal).hasSuffix("goal 100%"))
    }
}
