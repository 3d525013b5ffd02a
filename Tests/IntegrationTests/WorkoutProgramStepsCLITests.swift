import Foundation
import HubStore
import Testing

/// A workout that followed a program, on the built binary: `workouts show` lists its steps after the rest, `--json`
/// has them, and its TCX export has a lap per step.
@Suite struct WorkoutProgramStepsCLITests {
    static let start = 1_795_154_400.0

    /// A 16-minute ride stored with the steps of a program it followed: a warm-up ramp, an interval done, a rest
    /// skipped, an interval stopped with the workout; and a strength set, to see repetitions and weight.
    static func storeRideWithSteps(_ scratch: borrowing Scratch) async throws -> WorkoutID {
        let store = try scratch.store()
        let id = try await ReportsCLITests.storeWorkout(store, start: start, seconds: 960, speed: 8, kcal: 200)
        func at(_ second: Int) -> Date { Date(timeIntervalSince1970: start + Double(second)) }
        let steps = [
            WorkoutProgramStep(
                number: 1, title: "Warm-up: 5 minutes, ramp from 50 to 75 percent of FTP", program: "4 x 4 min VO2max",
                outcome: .completed, plannedSeconds: 300, seconds: 300, distanceMeters: 2400, averagePowerWatts: 160,
                averageHeartRate: 121, plannedPowerStartWatts: 138, plannedPowerEndWatts: 207, startedAt: at(0),
                endedAt: at(300)),
            WorkoutProgramStep(
                number: 2, title: "Interval 1 of 4: 4 minutes, 276 watts", program: "4 x 4 min VO2max",
                outcome: .completed, plannedSeconds: 240, seconds: 240, distanceMeters: 1920, averagePowerWatts: 271,
                averageHeartRate: 168, plannedPowerStartWatts: 276, plannedPowerEndWatts: 276, startedAt: at(300),
                endedAt: at(540)),
            WorkoutProgramStep(
                number: 3, title: "Set 1 of 3, bench press, 10 reps at 60 kilos", program: "4 x 4 min VO2max",
                outcome: .completed, plannedRepetitions: 10, repetitions: 8, plannedWeightKilograms: 60, seconds: 40,
                distanceMeters: 320, startedAt: at(540), endedAt: at(580)),
            WorkoutProgramStep(
                number: 4, title: "Recover: 3 minutes", program: "4 x 4 min VO2max", outcome: .skipped,
                plannedSeconds: 180, seconds: 20, distanceMeters: 160, averageHeartRate: 150, startedAt: at(580),
                endedAt: at(600)),
            WorkoutProgramStep(
                number: 5, title: "Interval 2 of 4: 4 minutes, 276 watts", program: "4 x 4 min VO2max",
                outcome: .stopped, plannedSeconds: 240, seconds: 200, distanceMeters: 1600, averagePowerWatts: 262,
                averageHeartRate: 171, plannedPowerStartWatts: 276, plannedPowerEndWatts: 276, startedAt: at(600),
                endedAt: at(800)),
        ]
        for step in steps { try await store.recordProgramStep(step, of: id) }
        return id
    }

    @Test func showListsTheStepsAfterTheRestAndJSONHasThem() async throws {
        let scratch = try Scratch()
        let data = scratch.path("data")
        let id = try await Self.storeRideWithSteps(scratch)
        let show = try await StayfitProcess.run(["workouts", "show", "\(id)", "--data-dir", data])
        #expect(show.status == 0, "stderr: \(show.error)")
        let lines = show.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let program = try #require(lines.firstIndex(of: "  Program     4 x 4 min VO2max"), "stdout: \(show.output)")
        #expect(lines[program - 1].hasPrefix("  Samples     960 seconds"), "after what was there before")
        #expect(
            Array(lines[(program + 1)...]) == [
                "    1   Warm-up: 5 minutes, ramp from 50 to 75 percent of FTP   5:00 of 5:00                  "
                    + "160 W (planned 138–207)   HR 121   done",
                "    2   Interval 1 of 4: 4 minutes, 276 watts                   4:00 of 4:00                  "
                    + "271 W (planned 276)       HR 168   done",
                "    3   Set 1 of 3, bench press, 10 reps at 60 kilos            8 of 10 reps at 60 kg, 0:40   "
                    + "                                   done",
                "    4   Recover: 3 minutes                                      0:20 of 3:00                  "
                    + "                          HR 150   skipped",
                "    5   Interval 2 of 4: 4 minutes, 276 watts                   3:20 of 4:00                  "
                    + "262 W (planned 276)       HR 171   stopped with the workout",
                "",
            ], "stdout: \(show.output)")

        let json = try await StayfitProcess.run(["workouts", "show", "\(id)", "--json", "--data-dir", data])
        #expect(json.status == 0, "stderr: \(json.error)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        let steps = try #require(object["programSteps"] as? [[String: Any]])
        #expect(steps.count == 5)
        #expect(steps[2]["repetitions"] as? Int == 8 && steps[2]["plannedWeightKilograms"] as? Double == 60)
        #expect(steps[4]["outcome"] as? String == "stopped")
        #expect(
            steps[1]["startedAt"] as? String
                == ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: Self.start + 300)))
    }

    @Test func theTCXExportHasALapPerStepAndOneForTheRest() async throws {
        let scratch = try Scratch()
        let data = scratch.path("data")
        let id = try await Self.storeRideWithSteps(scratch)
        let path = scratch.path("ride.tcx")
        let export = try await StayfitProcess.run([
            "workouts", "export", "\(id)", "--format", "tcx", "-o", path, "--data-dir", data,
        ])
        #expect(export.status == 0, "stderr: \(export.error)")
        let check = try await WorkoutFilesCLITests.check(path, format: "tcx")
        #expect(check.valid, "\(check.errors)")
        #expect(check.points == 960)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let starts = text.split(separator: "<Lap StartTime=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
        // The five steps from their own starts, then the 160 seconds after the last one.
        let formatter = ISO8601DateFormatter()
        #expect(
            starts
                == [0, 300, 540, 580, 600, 800].map {
                    formatter.string(from: Date(timeIntervalSince1970: Self.start + Double($0)))
                })
    }
}
