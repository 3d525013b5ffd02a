import Foundation
import HubCore
import HubTestKit
import Testing

/// The kind a workout is started as: given with the start, chosen before it (a button steps through the kinds),
/// or the configured default; stored with the workout and said when chosen.
@Suite struct WorkoutKindChoiceTests {
    @Test func aStartWithoutAKindIsTheConfiguredDefault() async throws {
        let harness = try EngineHarness(settings: WorkoutSettings(defaultKind: .treadmill))
        try await harness.run {
            let id = try #require(try await harness.send(.start).workoutID)
            #expect(try await harness.second().kind == .treadmill)
            try await harness.saved()
            #expect(try await harness.store.workout(id)?.kind == .treadmill)
        }
    }

    @Test func aStartWithAKindIsOfThatKind() async throws {
        let harness = try EngineHarness()
        try await harness.run {
            harness.bus.publish(WorkoutCommand(.start, kind: .row))
            let id = try #require(try await harness.states.next().workoutID)
            try await harness.saved()
            #expect(try await harness.store.workout(id)?.kind == .row)
        }
    }

    /// "Next kind" steps on from the default (indoor ride → treadmill → row), says each, and the next start is
    /// of the last one said; after "other" it starts again at "run".
    @Test func nextKindStepsThroughTheKindsSayingEach() async throws {
        let harness = try EngineHarness(settings: WorkoutSettings(defaultKind: .indoorRide))
        let said = harness.bus.inbox(of: Announcement.self, subscriber: "test")
        try await harness.run {
            for _ in 0..<2 { harness.bus.publish(ChooseWorkoutKind(.next)) }
            #expect(try await said.next().text == "Next workout: Treadmill.")
            #expect(try await said.next().text == "Next workout: Row.")
            let id = try #require(try await harness.send(.start).workoutID)
            try await harness.saved()
            #expect(try await harness.store.workout(id)?.kind == .row)
            #expect(try await said.next().text == "Row started.")
            for _ in 0..<3 { harness.bus.publish(ChooseWorkoutKind(.next)) }
            #expect(try await said.next().text == "Next workout: Strength.")
            #expect(try await said.next().text == "Next workout: Other.")
            #expect(try await said.next().text == "Next workout: Run.")
        }
    }

    @Test func aKindIsReadAsPeopleWriteItAndAnUnknownOneListsTheKinds() throws {
        #expect(try WorkoutKind(parsing: "Indoor Ride") == .indoorRide)
        #expect(try WorkoutKind(parsing: "indoor_ride") == .indoorRide)
        #expect(WorkoutKind.indoorRide.name == "Indoor ride")
        let error = try #require(throws: UnknownWorkoutKind.self) { try WorkoutKind(parsing: "yoga") }
        #expect(
            error.description
                == "\"yoga\" is not a kind of workout; the kinds are run, walk, ride, indoor-ride, treadmill, row, "
                + "strength, other")
        let file = try #require(throws: ConfigurationError.self) {
            try HubConfiguration(text: "[workout]\ndefault-kind = \"yoga\"\n", file: "t.toml")
        }
        #expect(file.description.hasPrefix("t.toml:2: workout.default-kind: \"yoga\" is not a kind of workout"))
        #expect(
            try HubConfiguration(text: "[workout]\ndefault-kind = \"row\"\n", file: "t").workout.defaultKind == .row)
    }
}
