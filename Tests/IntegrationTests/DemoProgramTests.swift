import Foundation
import HubStore
import Testing

/// `stayfit demo --program`: a simulated session led by a program, every cue and every target shown.
@Suite(.serialized) struct DemoProgramTests {
    /// The texts of the lines that start with a time and then `label`, in order.
    private func lines(_ output: String, _ label: String) -> [String] {
        output.split(separator: "\n").compactMap { line in
            let parts = line.components(separatedBy: " \(label): ")
            return parts.count == 2 && parts[0].wholeMatch(of: /\d\d:\d\d:\d\d/) != nil ? parts[1] : nil
        }
    }

    @Test func eightTimesFourHundredMetresIsLedStepByStepAndTheWorkoutEndsWithIt() async throws {
        let result = try await StayfitProcess.run(["demo", "--program", "8 x 400 m", "--speed", "300"])
        #expect(result.status == 0, "stderr: \(result.error)")
        #expect(result.output.contains("following 8 x 400 m (about"), "\(result.output)")
        let said = lines(result.output, "Coach")
        let steps = said.filter {
            $0.hasPrefix("Warm-up") || $0.hasPrefix("Interval") || $0.hasPrefix("Recover") || $0.hasPrefix("Cool-down")
        }
        let repeats = (1...8).flatMap {
            ["Interval \($0) of 8: 400 metres, pace 4:00 a kilometre", "Recover: 90 seconds"]
        }
        #expect(
            steps == ["Warm-up: 10 minutes, heart rate zone 2"] + repeats + [
                "Cool-down: 10 minutes, heart rate zone 1"
            ],
            "\(said)")
        // Timed steps are counted down into the next (the warm-up and each recovery; the 400s end on distance);
        // the program's end is said, and the workout ends with it.
        #expect(said.filter { $0 == "3, 2, 1, go" }.count == 9, "\(said)")
        let done = try #require(said.firstIndex(of: "8 x 400 m done. Well done!"), "\(said)")
        #expect(said[done...].dropFirst().first?.hasPrefix("Workout finished.") == true, "\(said)")
        #expect(lines(result.output, "Target sent").isEmpty, "an outdoor run's pace is the runner's to hold")
        #expect(result.output.contains("Workout 1 finished:"))
    }

    @Test func aVO2maxRideSendsEachStepsPowerToTheSimulatedTrainerWhichHoldsIt() async throws {
        let scratch = try Scratch()
        let result = try await StayfitProcess.run([
            "demo", "--kind", "indoor-ride", "--program", "4 x 4 min VO2max", "--speed", "300", "--data-dir",
            scratch.path("data"),
        ])
        #expect(result.status == 0, "stderr: \(result.error)")
        #expect(result.output.contains("FTP 200 W"), "the simulated rider's, with no profile")
        let targets = lines(result.output, "Target sent").compactMap { Int($0.split(separator: " ")[0]) }
        // The warm-up ramps from 50 to 75 % of 200 W a watt at a time, then 115 % and the easy 50 % in turn. At 300
        // times real time a tick may land on the ramp's very end, 150 W, on a busy machine: still the warm-up's.
        let warmUp = Array(targets.prefix { $0 <= 150 })
        #expect(warmUp.first == 100 && warmUp == warmUp.sorted() && warmUp.count > 40, "\(targets)")
        let rest = targets.dropFirst(warmUp.count)
        #expect(Array(rest.prefix(8)) == [230, 100, 230, 100, 230, 100, 230, 100], "\(targets)")
        let said = lines(result.output, "Coach")
        #expect(
            said.filter { $0.hasPrefix("Interval") }
                == (1...4).map { "Interval \($0) of 4: 4 minutes, 230 watts, cadence 95" })
        #expect(said.contains("One minute: hold on"))
        #expect(said.contains("4 x 4 min VO2max done. Well done!"), "\(said)")
        // The simulated trainer holds the power asked for: each interval's average is its target (the first
        // seconds of each climb from 100 W aside), and every step is stored with the workout.
        let store = try scratch.store()
        let workout = try #require(try await store.workouts().first)
        let steps = try await store.programSteps(of: workout.id)
        #expect(steps.count == 10 && steps.allSatisfy { $0.outcome == .completed }, "\(steps)")
        for step in steps where step.plannedPowerStartWatts == 230 {
            #expect((220...232).contains(step.averagePowerWatts ?? 0), "\(step)")
        }
    }

    @Test func anUnknownProgramIsRefusedWithWhereToFindTheNames() async throws {
        let result = try await StayfitProcess.run(["demo", "--program", "yoga"])
        #expect(result.status == 64)
        #expect(result.error.contains("there is no program yoga"), "stderr: \(result.error)")
        #expect(result.error.contains("stayfit programs list"))
    }
}
