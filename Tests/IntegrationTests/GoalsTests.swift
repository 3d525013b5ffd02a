import Foundation
import HubStore
import Testing

/// `stayfit goals` on the built binary: the original app's messages, the auto-stop switch, and a hub that stops
/// the workout by itself at the goal.
@Suite(.serialized) struct GoalsTests {
    @Test(arguments: [[String](), ["distance"], ["steps", ""], ["kcal", "   "]])
    func settingAGoalWithoutAValueSaysEmptyFields(arguments: [String]) async throws {
        let scratch = try Scratch()
        let result = try await StayfitProcess.run(["goals", "set", "--data-dir", scratch.path("data")] + arguments)
        #expect(result.status == 65, "stderr: \(result.error)")
        #expect(result.error.hasPrefix("error: Empty Fields: "), "stderr: \(result.error)")
        await #expect(try scratch.store().activeGoal() == nil)
    }

    @Test(arguments: [
        ("distance", "far", "Enter Proper Distance"), ("duration", "45m", "Enter Proper Duration"),
        ("steps", "1.5", "Enter Proper Steps"), ("kcal", "lots", "Enter Proper Calories"),
    ])
    func settingABadValueSaysTheOriginalAppsWords(kind: String, value: String, words: String) async throws {
        let scratch = try Scratch()
        let result = try await StayfitProcess.run(["goals", "set", kind, value, "--data-dir", scratch.path("data")])
        #expect(result.status == 65, "stderr: \(result.error)")
        #expect(result.error.hasPrefix("error: \(words): \"\(value)\" "), "stderr: \(result.error)")
        await #expect(try scratch.store().activeGoal() == nil)
    }

    @Test func enablingWithoutAGoalSaysSelectGoalType() async throws {
        let scratch = try Scratch()
        let result = try await StayfitProcess.run(["goals", "enable", "--data-dir", scratch.path("data")])
        #expect(result.status == 65, "stderr: \(result.error)")
        #expect(result.error.hasPrefix("error: Select Goal Type: "), "stderr: \(result.error)")
        await #expect(try scratch.store().goalAutoStop() == false)
    }

    @Test func goalsShowsWhetherAutoStopIsOn() async throws {
        let scratch = try Scratch()
        let data = scratch.path("data")
        #expect(try await StayfitProcess.run(["goals", "set", "distance", "5km", "--data-dir", data]).status == 0)
        let off = try await StayfitProcess.run(["goals", "--data-dir", data])
        #expect(
            off.output
                == "Goal: distance 5.00 km\nAuto-stop: off (progress is shown; turn it on with: stayfit goals enable)\n"
        )

        let enable = try await StayfitProcess.run(["goals", "enable", "--data-dir", data])
        #expect(enable.status == 0, "stderr: \(enable.error)")
        #expect(enable.output.contains("distance 5.00 km"))
        let on = try await StayfitProcess.run(["goals", "--data-dir", data])
        #expect(on.output.hasSuffix("Auto-stop: on (the workout stops and is saved when the goal is reached)\n"))

        let disable = try await StayfitProcess.run(["goals", "disable", "--data-dir", data])
        #expect(disable.status == 0, "stderr: \(disable.error)")
        #expect(try await StayfitProcess.run(["goals", "--data-dir", data]).output.contains("Auto-stop: off"))
    }

    @Test func resetRemovesTheGoalAndItsSwitchAndTheProfileMustBeEnteredAgain() async throws {
        let scratch = try Scratch()
        let data = scratch.path("data")
        let profile = try await StayfitProcess.setSampleProfile(data: data)
        #expect(profile.status == 0, "stderr: \(profile.error)")
        #expect(try await StayfitProcess.run(["goals", "set", "steps", "8000", "--data-dir", data]).status == 0)
        #expect(try await StayfitProcess.run(["goals", "enable", "--data-dir", data]).status == 0)

        #expect(try await StayfitProcess.run(["reset", "--yes", "--data-dir", data]).status == 0)

        let goals = try await StayfitProcess.run(["goals", "--data-dir", data])
        #expect(goals.output.hasPrefix("No goal set."), "stdout: \(goals.output)")
        let store = try scratch.store()
        #expect(try await store.activeGoal() == nil)
        #expect(try await store.goalAutoStop() == false)
        #expect(try await store.profile() == nil)
        // With the goal gone, the switch cannot be turned on again until a goal is set.
        #expect(try await StayfitProcess.run(["goals", "enable", "--data-dir", data]).status == 65)
    }

    @Test func withAutoStopTheSimulatedWorkoutStopsByItselfAtTheGoal() async throws {
        let scratch = try Scratch()
        let data = scratch.path("data")
        #expect(try await StayfitProcess.run(["goals", "set", "duration", "2min", "--data-dir", data]).status == 0)
        #expect(try await StayfitProcess.run(["goals", "enable", "--data-dir", data]).status == 0)
        let config = try scratch.write(
            "stayfit.toml",
            """
            [plugins.simulator]
            minutes = 5
            when-done = "idle"
            workout = "auto"
            [plugins.console]
            mode = "lines"
            progress-every-seconds = 0

            """)
        let hub = try StayfitProcess(["run", "--simulate", "--speed", "60", "--config", config, "--data-dir", data])
        try await hub.waitForOutput("Goal reached: duration 2:00. Workout stopped and saved.")
        try await hub.waitForOutput("Workout finished: 2:00, ")
        hub.send("quit")
        #expect(try await hub.waitForExit() == 0)
        #expect(hub.standardOutput.contains("Halfway to the goal: duration 2:00."))

        let workouts = try await scratch.store().workouts()
        #expect(workouts.count == 1)
        let workout = try #require(workouts.first)
        #expect(workout.status == .finished)
        #expect(workout.totals.movingSeconds == 120)
        #expect(workout.goal == Goal(kind: .duration, target: 120))
    }
}
