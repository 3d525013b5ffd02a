import Foundation
import HubCore
import HubStore
import HubTestKit
import Testing
import WorkoutFiles

/// A workout that followed a program exports its steps as TCX laps, checked by lxml against the published XSDs.
@Suite struct ProgramStepLapsTests {
    /// The wall-clock label of moving second `second` of `ExportValidationTests.storedRun`: a second a second, and
    /// 2 minutes more after the pause that follows second 900.
    static func label(_ second: Int) -> Date {
        SampleFiles.start.addingTimeInterval(Double(second) + (second > 900 ? 120 : 0))
    }

    /// A step from moving second `from` to `to` of the stored run.
    static func step(
        _ number: Int, _ title: String, from: Int, to: Int, outcome: WorkoutProgramStep.Outcome = .completed
    ) -> WorkoutProgramStep {
        WorkoutProgramStep(
            number: number, title: title, program: "Tempo run", outcome: outcome, seconds: Double(to - from),
            distanceMeters: Double(to - from) * SampleFiles.stepMeters, startedAt: label(from), endedAt: label(to))
    }

    static func lapStartTimes(_ text: String) -> [String] {
        text.split(separator: "<Lap StartTime=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
    }

    @Test func eachStepIsALapFromItsOwnStartAndTheSecondsAfterTheProgramOneMore() async throws {
        let directory = try TemporaryDirectory()
        let store = try HubStore(directory: directory.url)
        let workout = try await ExportValidationTests.storedRun(in: store)
        // Its two laps from the lap button give way to the steps; a step skipped at once is a lap without points,
        // and the fourth step runs through the pause.
        let steps = [
            Self.step(1, "Warm-up: 10 minutes", from: 0, to: 600),
            Self.step(2, "Tempo 1 of 2: 4 minutes", from: 600, to: 840),
            Self.step(3, "Recover: 1 minute", from: 840, to: 840, outcome: .skipped),
            Self.step(4, "Tempo 2 of 2: 6 minutes", from: 840, to: 1200),
            Self.step(5, "Cool-down: 5 minutes", from: 1200, to: 1500),
        ]
        for step in steps { try await store.recordProgramStep(step, of: workout.id) }
        let path = directory.path("run.tcx")
        let writer = try ChunkedFileWriter(path: path, ifExists: .replace)
        #expect(
            try await WorkoutExporter.export(workout, from: store, format: .tcx, sport: .running, to: writer) == 1800)
        try writer.finish()

        let report = try await IndependentCheck.check(path, format: "tcx")
        #expect(report.valid, "\(report.errors)")
        #expect(report.laps == 6)
        #expect(report.points == 1800)
        #expect(report.duration == 1800)
        #expect(abs(report.distance - workout.totals.distanceMeters) < 0.05)
        let formatter = ISO8601DateFormatter()
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(
            Self.lapStartTimes(text) == [0, 600, 840, 840, 1200, 1500].map { formatter.string(from: Self.label($0)) })
        // The skipped step's lap holds no point: the next lap's track starts right after its head.
        let skipped = try #require(text.split(separator: "<Lap StartTime=").dropFirst(3).first)
        #expect(!skipped.contains("<Trackpoint>"))
        #expect(skipped.contains("<TotalTimeSeconds>0.0</TotalTimeSeconds>"))
    }

    @Test func aWorkoutWithoutStepsKeepsItsLapButtonLaps() async throws {
        let directory = try TemporaryDirectory()
        let store = try HubStore(directory: directory.url)
        let workout = try await ExportValidationTests.storedRun(in: store)
        let path = directory.path("run.tcx")
        let writer = try ChunkedFileWriter(path: path, ifExists: .replace)
        _ = try await WorkoutExporter.export(workout, from: store, format: .tcx, sport: .running, to: writer)
        try writer.finish()
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let formatter = ISO8601DateFormatter()
        #expect(Self.lapStartTimes(text) == [0, 1000].map { formatter.string(from: Self.label($0)) })
    }
}
