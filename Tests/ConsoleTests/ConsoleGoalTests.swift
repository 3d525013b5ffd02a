import BlueZTestKit
import Foundation
import HubCore
import HubTestKit
import Testing

@testable import Console

/// The goal's figure in the console comes from the goals plugin's `GoalProgress`, shown with the workout's second.
@Suite(.timeLimit(.minutes(5))) struct ConsoleGoalTests {
    static func progress(moving: Int, workout: WorkoutID) -> WorkoutProgress {
        var totals = WorkoutTotals()
        totals.movingSeconds = moving
        totals.distanceMeters = 2_410
        totals.kilocalories = 183.4
        return WorkoutProgress(
            workoutID: workout, state: .running, elapsed: .seconds(moving), moving: .seconds(moving), totals: totals,
            currentSpeedMetersPerSecond: nil, currentHeartRate: nil, at: HubInstant(sinceOrigin: .seconds(moving)))
    }

    @Test func aProgressLineShowsTheGoalOfItsWorkoutAndNotThatOfAnEarlierOne() async throws {
        let (context, directory) = try PluginContext.test()
        defer { withExtendedLifetime(directory) {} }
        let terminal = try FakeTerminal()
        let configuration = try ConsolePlugin.Configuration(
            try #require(
                try HubConfiguration(
                    text: "[plugins.console]\nmode = \"lines\"\nprogress-every-seconds = 1", file: "stayfit.toml"
                ).pluginTables["console"]))
        let console = ConsolePlugin(configuration: configuration, context: context, io: terminal.streams)
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await console.run() }
            try await terminal.waitFor("StayFit Hub is ready")
            let goal = Goal(kind: .distance, target: 5_000)
            // Workout 6's goal, then workout 7's first second: no goal figure (2410 m of 5 km would be 48 %).
            context.bus.publish(GoalProgress(workoutID: 6, goal: goal, value: 2_410))
            context.bus.publish(Self.progress(moving: 1, workout: 7))
            try await terminal.waitFor("running  0:01  2.41 km  –:– /km  HR --  183 kcal\n")
            // As the goals plugin publishes them: the second's goal progress, then its progress.
            context.bus.publish(GoalProgress(workoutID: 7, goal: goal, value: 2_410))
            context.bus.publish(Self.progress(moving: 2, workout: 7))
            try await terminal.waitFor("running  0:02  2.41 km  –:– /km  HR --  183 kcal  goal 48%\n")
            tasks.cancelAll()
        }
    }
}
