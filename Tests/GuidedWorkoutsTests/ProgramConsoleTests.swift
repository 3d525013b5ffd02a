import BlueZTestKit
import HubCore
import HubTestKit
import Programs
import Testing

@testable import Console
@testable import GuidedWorkouts

/// `done`, `done 8` and `skip` typed on the console reach the program under way: the console, the workout engine
/// and the programs plugin on one bus, the lines written into the console's input as a person types them.
///
/// The buttons' `done` and `skip` (issue 20, on `main`) are not on this branch: their path is the lead's to test.
@Suite(.serialized, .timeLimit(.minutes(2))) struct ProgramConsoleTests {
    static let strength = """
        name = "Push and squat"
        kind = "strength"

        [[steps]]
        exercise = "Push-ups"
        sets = 2
        reps = 12
        rest = "0:30"

        [[steps]]
        exercise = "Squats"
        reps = 20
        weight = 40
        """

    @Test func aSetEndsOnDoneAndSkipMovesOnFromTheConsole() async throws {
        let program = try Program(toml: Self.strength, file: "push-and-squat.toml")
        let hub = try GuidedHub(program: "test", library: OneProgram(program))
        let input = try ChildInput()
        let output = try CollectedOutput(name: "console-output")
        let table = try #require(
            try HubConfiguration(text: "[plugins.console]\nmode = \"lines\"\nprogress-every-seconds = 0", file: "t")
                .pluginTables["console"])
        let console = ConsolePlugin(
            configuration: try ConsolePlugin.Configuration(table), context: hub.context,
            io: ConsolePlugin.Streams(input: input.readEnd, output: output.writeEnd))
        // The console's input ends with the test, whatever it found: its reading thread then ends too.
        defer { input.close() }
        try await hub.run(with: [console]) {
            input.write("start\n")
            var lines = try await hub.lines(through: "say Set 1 of 2, push-ups, 12 reps").filter(Self.isProgramLine)
            #expect(
                lines == [
                    "say Workout started.", "state running", "step 1 of 4", "say Set 1 of 2, push-ups, 12 reps",
                ])
            // A set of repetitions waits for its `done`, however long it takes.
            for _ in 1...40 {
                let second = try await hub.second()
                #expect(second.isEmpty)
            }

            input.write("done 8\n")
            lines = try await hub.lines(through: "say Rest 30 seconds").filter(Self.isProgramLine)
            #expect(
                lines == [
                    "command done 8", "step 2 of 4", "say Rest 30 seconds",
                ])
            for _ in 1...5 {
                let second = try await hub.second()
                #expect(second.isEmpty, "the rest counts down")
            }
            input.write("skip\n")
            lines = try await hub.lines(through: "say Set 2 of 2, push-ups, 12 reps").filter(Self.isProgramLine)
            #expect(
                lines == [
                    "command skip", "step 3 of 4", "say Set 2 of 2, push-ups, 12 reps",
                ])
            input.write("done\n")
            lines = try await hub.lines(through: "say Squats, 20 reps at 40 kilos").filter(Self.isProgramLine)
            #expect(
                lines == [
                    "command done", "step 4 of 4", "say Squats, 20 reps at 40 kilos",
                ])
            input.write("skip\n")
            lines = try await hub.lines(through: "finished").filter(Self.isProgramLine)
            #expect(
                lines == [
                    "command skip", "say Push and squat done. Well done!", "finished",
                ])
            input.write("skip\n")
            lines = try await hub.lines(through: "say No program under way.").filter(Self.isProgramLine)
            #expect(
                lines == [
                    "command skip", "say No program under way.",
                ])
            try await eventually("the console's last line") { output.text.contains("No program under way.") }
            input.close()
        }
        // The person saw it all on the console too, in order.
        let shown = output.text
        let order = ["Set 1 of 2", "Rest 30 seconds", "Set 2 of 2", "Squats, 20 reps", "Push and squat done."]
        let places = order.compactMap { shown.range(of: $0)?.lowerBound }
        #expect(places.count == order.count && places == places.sorted(), "console output:\n\(shown)")
    }

    /// Leaves out the engine's seconds, which come as the clock moves.
    static func isProgramLine(_ line: String) -> Bool { !line.hasPrefix("second ") }
}
