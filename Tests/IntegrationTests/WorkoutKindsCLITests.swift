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
        #expect(lines[1].contains(" Run "), "\(all.output)")
        #expect(lines[2].contains(" Row "), "\(all.output)")
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
}
