import Foundation
import HubTestKit
import Testing

/// A kind of workout from the command line: the demo plays it, the list shows it and filters by it.
@Suite struct WorkoutKindsCLITests {
    @Test func theDemoPlaysAKindAndTheListShowsAndFiltersIt() async throws {
        let scratch = try Scratch()
        let data = scratch.path("data")
        let row = try await StayfitProcess.run(
            ["demo", "--kind", "row", "--minutes", "2", "--speed", "200", "--data-dir", data])
        #expect(row.status == 0, "stderr: \(row.error)")
        #expect(row.output.hasPrefix("StayFit Hub demo: a 2-minute simulated row at 200× real time."), "\(row.output)")
        #expect(row.output.contains("Row started."), "\(row.output)")
        let run = try await StayfitProcess.run(["demo", "--minutes", "1", "--speed", "200", "--data-dir", data])
        #expect(run.status == 0, "stderr: \(run.error)")

        let all = try await StayfitProcess.run(["workouts", "--data-dir", data])
        let lines = all.output.split(separator: "\n")
        #expect(lines.first?.contains("Kind         Time") == true, "\(all.output)")
        #expect(lines.count == 3, "\(all.output)")
        // Newest first by the simulated clock, which a sped-up demo runs ahead: either order.
        #expect(lines.dropFirst().contains { $0.contains(" Run ") }, "\(all.output)")
        #expect(lines.dropFirst().contains { $0.contains(" Row ") && $0.contains(" /500m") }, "\(all.output)")
        let rows = try await StayfitProcess.run(["workouts", "--data-dir", data, "--kind", "row"])
        #expect(rows.output.split(separator: "\n").count == 2, "\(rows.output)")
        #expect(rows.output.contains(" Row "), "\(rows.output)")
        let none = try await StayfitProcess.run(["workouts", "--data-dir", data, "--kind", "indoor ride"])
        #expect(none.output == "No workouts of kind indoor-ride.\n", "\(none.output)")
        let wrong = try await StayfitProcess.run(["workouts", "--data-dir", data, "--kind", "yoga"])
        #expect(wrong.status != 0)
        #expect(wrong.error.contains("--kind: \"yoga\" is not a kind of workout; the kinds are run, walk, ride"))
        let shown = try await StayfitProcess.run(["workouts", "show", "1", "--data-dir", data])
        #expect(shown.output.contains("  Kind        Row\n"), "\(shown.output)")
    }

    /// `stayfit stats --kind` counts one kind; a ride's power is in its table, a run's table has no power row.
    @Test func statisticsOfOneKindWithItsPower() async throws {
        let scratch = try Scratch()
        let data = scratch.path("data")
        for kind in ["indoor-ride", "run"] {
            let demo = try await StayfitProcess.run(
                ["demo", "--kind", kind, "--minutes", "10", "--speed", "500", "--data-dir", data])
            #expect(demo.status == 0, "stderr: \(demo.error)")
        }
        let rides = try await StayfitProcess.run(
            ["stats", "--period", "all", "--kind", "indoor ride", "--include-simulated", "--data-dir", data])
        #expect(rides.status == 0, "stderr: \(rides.error)")
        let lines = rides.output.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("Workouts ") && $0.hasSuffix(" 1") }, "\(rides.output)")
        let power = try #require(lines.first { $0.hasPrefix("Power") }, "\(rides.output)")
        #expect(power.contains(" kJ") && power.contains(" W"), "\(power)")
        let runs = try await StayfitProcess.run(
            ["stats", "--period", "all", "--kind", "run", "--include-simulated", "--data-dir", data])
        #expect(!runs.output.contains("Power"), "\(runs.output)")
        let all = try await StayfitProcess.run(["stats", "--period", "all", "--include-simulated", "--data-dir", data])
        #expect(all.output.split(separator: "\n").contains { $0.hasPrefix("Workouts ") && $0.hasSuffix(" 2") })
    }
}
