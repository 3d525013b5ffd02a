import Foundation
import HubCore
import HubTestKit
import Testing

/// Goals that act: with auto-stop on, the engine stops and saves the workout at the goal; with it off, it only
/// shows progress. Halfway and reached are announced.
@Suite struct GoalAutoStopEngineTests {
    typealias Harness = EngineHarness

    /// Every announcement up to and including the one that starts with `last`.
    static func announcements(_ stream: Inbox<Announcement>, through last: String) async throws -> [String] {
        var texts: [String] = []
        while !(texts.last?.hasPrefix(last) ?? false) { texts.append(try await stream.next().text) }
        return texts
    }

    @Test func withAutoStopOnADurationGoalOf3SecondsStopsAndSavesTheWorkoutAt3Seconds() async throws {
        let harness = try Harness()
        try await harness.store.setActiveGoal(Goal(kind: .duration, target: 3))
        #expect(try await harness.store.setGoalAutoStop(true))
        let announcements = harness.bus.inbox(of: Announcement.self)
        try await harness.run {
            let id = try #require(try await harness.send(.start).workoutID)
            var percents: [Int] = []
            for _ in 1...3 { percents.append(try #require(try await harness.second().goal).percent) }
            #expect(percents == [33, 66, 100])

            // Nobody pressed stop: the goal did.
            let stopped = try await harness.states.next()
            #expect(stopped.state == .finished)
            #expect(stopped.previous == .running)
            #expect(stopped.summary?.totals.movingSeconds == 3)

            try await harness.saved()
            let stored = try #require(try await harness.store.workout(id))
            #expect(stored.status == .finished)
            #expect(stored.totals.movingSeconds == 3)
            #expect(try await harness.store.samples(of: id).count == 3)
            #expect(stored.goal == Goal(kind: .duration, target: 3))
        }
        let texts = try await Self.announcements(announcements, through: "Workout finished")
        #expect(
            texts.dropLast() == [
                "Workout started.", "Halfway to the goal: duration 0:03.",
                "Goal reached: duration 0:03. Workout stopped and saved.",
            ])
        #expect(texts.last?.hasPrefix("Workout finished: 0:03, ") == true, "\(texts)")
    }

    @Test func withAutoStopOffTheWorkoutRunsPastTheGoal() async throws {
        let harness = try Harness()
        try await harness.store.setActiveGoal(Goal(kind: .duration, target: 3))
        let announcements = harness.bus.inbox(of: Announcement.self)
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
        let texts = try await Self.announcements(announcements, through: "Workout finished")
        #expect(texts.dropLast() == ["Workout started.", "Halfway to the goal: duration 0:03.", "Goal reached!"])
    }

    @Test func halfwayIsAnnouncedOncePerWorkoutAtHalfTheGoal() async throws {
        let harness = try Harness()
        try await harness.store.setActiveGoal(Goal(kind: .duration, target: 8))
        let announcements = harness.bus.inbox(of: Announcement.self)
        try await harness.run {
            _ = try await harness.send(.start)
            for _ in 1...3 { _ = try await harness.second() }
            // Before the halfway second, nothing but the start was said.
            harness.bus.publish(Announcement("marker"))
            for _ in 4...6 { _ = try await harness.second() }
            _ = try await harness.send(.stop)
        }
        let texts = try await Self.announcements(announcements, through: "Workout finished")
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
            for _ in 2...5 { #expect(try await harness.second().state == .running) }
            let stopped = try await harness.send(.stop)
            #expect(stopped.previous == .running)
            #expect(stopped.summary?.totals.movingSeconds == 5)
        }
    }
}
