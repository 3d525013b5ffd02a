import Foundation
import HubCore
import Testing

@testable import Goals

/// The goal's judge on its own, with made-up messages: the figures are the goal's unit, chosen by hand.
@Suite struct GoalTrackerTests {
    static let tenSeconds = Goal(kind: .duration, target: 10)

    static func at(_ seconds: Int) -> HubInstant { HubInstant(sinceOrigin: .seconds(seconds)) }

    /// Workout `workout`'s progress at `moving` seconds.
    static func progress(_ moving: Int, workout: WorkoutID = 1, state: WorkoutState = .running) -> WorkoutProgress {
        var totals = WorkoutTotals()
        totals.movingSeconds = moving
        return WorkoutProgress(
            workoutID: workout, state: state, elapsed: .seconds(moving), moving: .seconds(moving), totals: totals,
            currentSpeedMetersPerSecond: nil, currentHeartRate: nil, at: at(moving))
    }

    static func started(_ workout: WorkoutID = 1) -> WorkoutStateChanged {
        WorkoutStateChanged(workoutID: workout, state: .running, previous: .idle)
    }

    /// The texts of the announcements among `outputs`.
    static func said(_ outputs: [GoalTracker.Output]) -> [String] {
        outputs.compactMap { if case .announcement(let announcement) = $0 { announcement.text } else { nil } }
    }

    @Test func withAutoStopTheStopCarriesTheMomentOfTheSecondThatReachedTheGoal() {
        var tracker = GoalTracker()
        _ = tracker.settingsRead(GoalSettings(goal: Self.tenSeconds, autoStop: true))
        #expect(tracker.stateChanged(Self.started()) == [])
        // Stored with the workout at its first second, once it is known not to be a resumed one.
        #expect(
            tracker.progress(Self.progress(1)) == [
                .storeGoal(Self.tenSeconds, of: 1),
                .progress(GoalProgress(workoutID: 1, goal: Self.tenSeconds, value: 1)),
            ])
        #expect(Self.said(tracker.progress(Self.progress(4))) == [])
        #expect(Self.said(tracker.progress(Self.progress(5))) == ["Halfway to the goal: duration 0:10."])
        #expect(
            tracker.progress(Self.progress(10)) == [
                .progress(GoalProgress(workoutID: 1, goal: Self.tenSeconds, value: 10)),
                .reached(GoalReached(goal: Self.tenSeconds)),
                .announcement(
                    Announcement("Goal reached: duration 0:10. Workout stopped and saved.", priority: .important)),
                .stop(WorkoutCommand(.stop, at: Self.at(10))),
            ])
    }

    @Test func aWorkoutResumedAfterACrashKeepsItsStoredGoalAndDoesNotSayAgainWhatItPassed() {
        var tracker = GoalTracker()
        // The person has since set another goal; the resumed workout aims at the one it started with.
        _ = tracker.settingsRead(GoalSettings(goal: Goal(kind: .steps, target: 8000), autoStop: false))
        var totals = WorkoutTotals()
        totals.movingSeconds = 6
        let workout = Workout(
            id: 4, startedAt: Date(), endedAt: nil, status: .running, totals: totals, goal: Self.tenSeconds,
            recovery: nil)
        // The engine says it runs again, then that it resumed the workout.
        #expect(tracker.stateChanged(Self.started(4)) == [])
        tracker.recovered(WorkoutRecovered(workout: workout, outcome: .resumed, gap: .seconds(30)))
        #expect(
            tracker.progress(Self.progress(7, workout: 4)) == [
                .progress(GoalProgress(workoutID: 4, goal: Self.tenSeconds, value: 7))
            ])
        #expect(Self.said(tracker.progress(Self.progress(10, workout: 4))) == ["Goal reached!"])
    }

    @Test func aWorkoutMetMidWayAfterARestartIsJudgedFromTheSecondAfter() {
        var tracker = GoalTracker()
        _ = tracker.settingsRead(GoalSettings(goal: Self.tenSeconds, autoStop: true))
        // 8 of 10 seconds: past halfway when first seen, so halfway is never said.
        #expect(Self.said(tracker.progress(Self.progress(8))) == [])
        #expect(Self.said(tracker.progress(Self.progress(9))) == [])
        #expect(
            Self.said(tracker.progress(Self.progress(10))) == [
                "Goal reached: duration 0:10. Workout stopped and saved."
            ])
    }

    @Test func aWorkoutStartedBeforeTheGoalWasReadTakesItWhenItIs() {
        var tracker = GoalTracker()
        #expect(tracker.stateChanged(Self.started()) == [])
        #expect(tracker.progress(Self.progress(1)) == [])
        #expect(tracker.settingsRead(GoalSettings(goal: Self.tenSeconds, autoStop: false)) == [])
        // Judged as any workout from its next second, and stored with it then: halfway is said when passed.
        let outputs = tracker.progress(Self.progress(5))
        #expect(outputs.first == .storeGoal(Self.tenSeconds, of: 1))
        #expect(Self.said(outputs) == ["Halfway to the goal: duration 0:10."])
    }

    @Test func aGoalSetDuringAWorkoutAlreadyPastItIsNeitherAnnouncedNorStopsIt() {
        var tracker = GoalTracker()
        _ = tracker.settingsRead(GoalSettings(goal: nil, autoStop: true))
        _ = tracker.stateChanged(Self.started())
        #expect(tracker.progress(Self.progress(12)) == [])
        #expect(
            tracker.settingsRead(GoalSettings(goal: Self.tenSeconds, autoStop: true)) == [
                .storeGoal(Self.tenSeconds, of: 1)
            ])
        #expect(
            tracker.progress(Self.progress(13)) == [
                .progress(GoalProgress(workoutID: 1, goal: Self.tenSeconds, value: 13))
            ])
        // Cleared: stored as no goal, and nothing more is published.
        #expect(tracker.settingsRead(GoalSettings(goal: nil, autoStop: true)) == [.storeGoal(nil, of: 1)])
        #expect(tracker.progress(Self.progress(14)) == [])
    }

    @Test func aGoalReachedWhilePausedIsSaidButDoesNotStopTheWorkout() {
        var tracker = GoalTracker()
        _ = tracker.settingsRead(GoalSettings(goal: Self.tenSeconds, autoStop: true))
        _ = tracker.stateChanged(Self.started())
        _ = tracker.progress(Self.progress(9))
        let outputs = tracker.progress(Self.progress(10, state: .paused))
        #expect(Self.said(outputs) == ["Goal reached!"])
        #expect(!outputs.contains { if case .stop = $0 { true } else { false } })
    }

    @Test func theNextWorkoutStartsAfreshWithTheGoalSetNow() {
        var tracker = GoalTracker()
        _ = tracker.settingsRead(GoalSettings(goal: Self.tenSeconds, autoStop: false))
        _ = tracker.stateChanged(Self.started(1))
        #expect(Self.said(tracker.progress(Self.progress(10, workout: 1))) == ["Goal reached!"])
        _ = tracker.stateChanged(WorkoutStateChanged(workoutID: 1, state: .finished, previous: .running))
        #expect(tracker.stateChanged(Self.started(2)) == [])
        let outputs = tracker.progress(Self.progress(5, workout: 2))
        #expect(outputs.first == .storeGoal(Self.tenSeconds, of: 2))
        #expect(Self.said(outputs) == ["Halfway to the goal: duration 0:10."])
    }

    @Test func aWorkoutStoppedWithinItsFirstSecondStillStoresItsGoal() {
        var tracker = GoalTracker()
        _ = tracker.settingsRead(GoalSettings(goal: Self.tenSeconds, autoStop: false))
        _ = tracker.stateChanged(Self.started(3))
        #expect(
            tracker.stateChanged(WorkoutStateChanged(workoutID: 3, state: .finished, previous: .running)) == [
                .storeGoal(Self.tenSeconds, of: 3)
            ])
    }
}
