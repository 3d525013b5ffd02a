import Foundation
import HubCore
import HubTestKit
import Testing

@testable import Goals

/// Goals that act: with auto-stop on, the goals plugin stops the workout at the goal and the engine saves it there;
/// with it off, it only shows progress. Halfway and reached are announced.
@Suite struct GoalsAutoStopTests {
    typealias Harness = GoalsHarness

    @Test func withAutoStopOnADurationGoalOf3SecondsStopsAndSavesTheWorkoutAt3Seconds() async throws {
        let harness = try Harness()
        try await harness.store.setActiveGoal(Goal(kind: .duration, target: 3))
        #expect(try await harness.store.setGoalAutoStop(true))
        try await harness.run {
            let id = try #require(try await harness.send(.start).workoutID)
            var percents: [Int] = []
            for _ in 1...3 {
                _ = try await harness.second()
                percents.append(try await harness.goals.next().percent)
            }
            #expect(percents == [33, 66, 100])

            // Nobody pressed stop: the goal did.
            let stopped = try await harness.states.next()
            #expect(stopped.state == .finished)
            #expect(stopped.previous == .running)
            #expect(stopped.summary?.totals.movingSeconds == 3)

            let goalStored = try await harness.goalStored()
            #expect(goalStored.goal == Goal(kind: .duration, target: 3))
            #expect(goalStored.workout == id)
            try await harness.saved()
            let stored = try #require(try await harness.store.workout(id))
            #expect(stored.status == .finished)
            #expect(stored.totals.movingSeconds == 3)
            #expect(try await harness.store.samples(of: id).count == 3)
            #expect(stored.goal == Goal(kind: .duration, target: 3))
        }
        let texts = try await harness.announcements(through: "Workout finished")
        #expect(
            texts.dropLast() == [
                "Workout started.", "Halfway to the goal: duration 0:03.",
                "Goal reached: duration 0:03. Workout stopped and saved.",
            ])
        #expect(texts.last?.hasPrefix("Workout finished: 0:03, ") == true, "\(texts)")
    }

    /// The stop travels from the engine's progress through the plugin back to the engine, while the clock runs on:
    /// at 60× (the demo) ten seconds pass in a sixth of a real second, and here all ten at once, so the engine has
    /// the ticks of the seconds after the goal queued before the stop. The workout still ends at the goal's second.
    @Test(arguments: [1.0, 60.0])
    func aClockRunningAheadStillEndsTheWorkoutAtTheGoalsSecond(speed: Double) async throws {
        let harness = try Harness(speed: speed)
        try await harness.store.setActiveGoal(Goal(kind: .duration, target: 3))
        #expect(try await harness.store.setGoalAutoStop(true))
        try await harness.run {
            let started = try await harness.send(.start)
            let id = try #require(started.workoutID)
            harness.clock.advance(by: .seconds(10))
            let stopped = try await harness.states.next()
            #expect(stopped.state == .finished)
            #expect(stopped.summary?.totals.movingSeconds == 3)
            try await harness.saved()
            let stored = try #require(try await harness.store.workout(id))
            #expect(stored.totals.movingSeconds == 3)
            #expect(try await harness.store.samples(of: id).map(\.second) == [1, 2, 3])
            // The clock's wall time at the start is 1,790,000,000 s: the end is 3 s after it.
            #expect(stored.startedAt == Date(timeIntervalSince1970: 1_790_000_000))
            #expect(stored.endedAt == Date(timeIntervalSince1970: 1_790_000_003))
        }
    }

    /// 4 m a second north, from the first fix: 0, 4, 8 and 12 m at seconds 1 to 4. A 10 m goal is half passed at
    /// 8 m (second 3) and reached at 12 m (second 4), where the workout stops.
    @Test func aDistanceGoalIsHalfwayAndReachedAtTheSecondsThatPassThem() async throws {
        let harness = try Harness()
        let goal = Goal(kind: .distance, target: 10)
        try await harness.store.setActiveGoal(goal)
        #expect(try await harness.store.setGoalAutoStop(true))
        try await harness.run {
            let id = try #require(try await harness.send(.start).workoutID)
            var values: [Double] = []
            var percents: [Int] = []
            for second in 0..<4 {
                _ = try await harness.second(atMeters: Double(second) * 4)
                let progress = try await harness.goals.next()
                #expect(progress.workoutID == id)
                #expect(progress.goal == goal)
                values.append(progress.value)
                percents.append(progress.percent)
            }
            for (value, expected) in zip(values, [0.0, 4, 8, 12]) { #expect(abs(value - expected) < 0.001) }
            #expect(percents == [0, 40, 80, 100])
            #expect(try await harness.reached.next() == GoalReached(goal: goal))
            let stopped = try await harness.states.next()
            #expect(stopped.summary?.totals.movingSeconds == 4)
        }
        let texts = try await harness.announcements(through: "Workout finished")
        #expect(
            texts.dropLast() == [
                "Workout started.", "Halfway to the goal: distance 10 m.",
                "Goal reached: distance 10 m. Workout stopped and saved.",
            ])
    }

    @Test func withAutoStopOffTheWorkoutRunsPastTheGoal() async throws {
        let harness = try Harness()
        try await harness.store.setActiveGoal(Goal(kind: .duration, target: 3))
        try await harness.run {
            _ = try await harness.send(.start)
            for second in 1...6 {
                let progress = try await harness.second()
                #expect(progress.state == .running, "second \(second)")
                #expect(progress.moving == .seconds(second))
            }
            // The first state change since the start is the stop pressed now.
            let stopped = try await harness.send(.stop)
            #expect(stopped.previous == .running)
            #expect(stopped.summary?.totals.movingSeconds == 6)
        }
        let texts = try await harness.announcements(through: "Workout finished")
        #expect(texts.dropLast() == ["Workout started.", "Halfway to the goal: duration 0:03.", "Goal reached!"])
    }

    @Test func halfwayIsAnnouncedOncePerWorkoutAtHalfTheGoal() async throws {
        let harness = try Harness()
        try await harness.store.setActiveGoal(Goal(kind: .duration, target: 8))
        try await harness.run {
            _ = try await harness.send(.start)
            // The plugin subscribed before the test's streams, so what it says of a second is published before the
            // test gets that second's progress.
            for _ in 1...3 { _ = try await harness.second() }
            // Before the halfway second, nothing but the start was said.
            harness.bus.publish(Announcement("marker"))
            for _ in 4...6 { _ = try await harness.second() }
            _ = try await harness.send(.stop)
        }
        let texts = try await harness.announcements(through: "Workout finished")
        #expect(texts.dropLast() == ["Workout started.", "marker", "Halfway to the goal: duration 0:08."])
    }

    @Test func enablingDuringAWorkoutStopsItAtTheGoal() async throws {
        let harness = try Harness()
        try await harness.store.setActiveGoal(Goal(kind: .duration, target: 3))
        try await harness.run {
            let id = try #require(try await harness.send(.start).workoutID)
            _ = try await harness.second()
            #expect(try await harness.store.setGoalAutoStop(true))
            harness.bus.publish(StoreChanged(section: .goals))
            #expect(try await harness.settingsApplied().autoStop)
            for _ in 2...3 { _ = try await harness.second() }
            let stopped = try await harness.states.next()
            #expect(stopped.state == .finished)
            #expect(stopped.summary?.totals.movingSeconds == 3)
            try await harness.saved()
            #expect(try await harness.store.workout(id)?.status == .finished)
        }
    }

    @Test func disablingDuringAWorkoutLetsItRunPastTheGoal() async throws {
        let harness = try Harness()
        try await harness.store.setActiveGoal(Goal(kind: .duration, target: 3))
        try await harness.store.setGoalAutoStop(true)
        try await harness.run {
            _ = try await harness.send(.start)
            _ = try await harness.second()
            #expect(try await harness.store.setGoalAutoStop(false))
            harness.bus.publish(StoreChanged(section: .goals))
            #expect(try await harness.settingsApplied().autoStop == false)
            for _ in 2...5 { #expect(try await harness.second().state == .running) }
            let stopped = try await harness.send(.stop)
            #expect(stopped.previous == .running)
            #expect(stopped.summary?.totals.movingSeconds == 5)
        }
    }
}
