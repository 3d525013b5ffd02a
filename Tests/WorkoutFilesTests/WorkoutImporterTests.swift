import Foundation
import HubCore
import HubTestKit
import Testing
import WorkoutFiles

@Suite struct WorkoutImporterTests {
    private func activity(_ name: String, _ text: String) throws -> RecordedActivity {
        let directory = try TemporaryDirectory()
        return try ActivityFileReader.read(path: try directory.write(name, text))
    }

    @Test func computesAGPXDistanceThroughTheLivePipeline() throws {
        let imported = WorkoutImporter.workout(from: try activity("ride.gpx", SampleFiles.gpx(seconds: 600)))
        #expect(imported.samples.count == 600)
        #expect(imported.totals.movingSeconds == 600)
        // 599 steps between 600 points, each known by hand.
        #expect(abs(imported.totals.distanceMeters - 599 * SampleFiles.stepMeters) < 0.01)
        #expect(imported.startedAt == SampleFiles.start)
        #expect(imported.samples.first?.recordedAt == SampleFiles.start)
        #expect(imported.endedAt == SampleFiles.start.addingTimeInterval(600))
        #expect(imported.pauses.isEmpty)
        #expect(imported.totals.maxHeartRate == 149)
        #expect(imported.samples.allSatisfy { $0.latitude != nil && $0.heartRate != nil })
    }

    @Test func aLongGapIsAPauseWithoutDistanceOrMovingTime() throws {
        let imported = WorkoutImporter.workout(
            from: try activity("ride.gpx", SampleFiles.gpx(seconds: 100, gap: (after: 50, seconds: 300))))
        #expect(imported.totals.movingSeconds == 100)
        #expect(imported.pauses.count == 1)
        #expect(imported.pauses.first?.startedAt == SampleFiles.start.addingTimeInterval(50))
        #expect(imported.pauses.first?.endedAt == SampleFiles.start.addingTimeInterval(350))
        // The step across the pause is not walked: 98 steps, not 99.
        #expect(abs(imported.totals.distanceMeters - 98 * SampleFiles.stepMeters) < 0.01)
    }

    @Test func aShortGapInsideASegmentIsMovingTimeWithoutPositions() throws {
        let imported = WorkoutImporter.workout(
            from: try activity("ride.gpx", SampleFiles.gpx(seconds: 100, gap: (after: 50, seconds: 10))))
        #expect(imported.pauses.isEmpty)
        #expect(imported.totals.movingSeconds == 110)
        #expect(imported.samples.filter { $0.latitude == nil }.count == 10)
        #expect(abs(imported.totals.distanceMeters - 99 * SampleFiles.stepMeters) < 0.01)
    }

    @Test func aNewSegmentAfterAGapIsAPause() throws {
        let imported = WorkoutImporter.workout(
            from: try activity(
                "ride.gpx", SampleFiles.gpx(seconds: 100, gap: (after: 50, seconds: 10), segments: true)))
        #expect(imported.pauses.count == 1)
        #expect(imported.totals.movingSeconds == 100)
    }

    @Test func aTCXKeepsItsOwnDistanceCaloriesAndLaps() throws {
        let imported = WorkoutImporter.workout(
            from: try activity("run.tcx", SampleFiles.tcx(laps: 3, secondsPerLap: 40)))
        #expect(imported.totals.movingSeconds == 120)
        #expect(imported.totals.distanceMeters == 300)
        #expect(imported.totals.kilocalories == 150)
        #expect(imported.laps.map(\.movingSeconds) == [40, 40, 40])
        #expect(imported.laps.map(\.distanceMeters) == [100, 100, 100])
        #expect(imported.samples.last?.distanceMeters == 300)
        #expect(abs((imported.samples.last?.kilocalories ?? 0) - 150) < 0.001)
        #expect(imported.samples.filter { $0.latitude == nil }.count == 40)
        #expect(imported.totals.averageHeartRate == 140)
    }
}
