import Foundation
import HubCore
import HubStore
import HubTestKit
import Testing
import WorkoutFiles

@Suite struct WorkoutImporterTests {
    private func activity(_ name: String, _ text: String) throws -> RecordedActivity {
        let directory = try TemporaryDirectory()
        return try ActivityFileReader.read(path: try directory.write(name, text))
    }

    @Test func computesAGPXDistanceThroughTheLivePipeline() throws {
        // 601 points, 0:00 through 10:00.
        let imported = WorkoutImporter.workout(from: try activity("ride.gpx", SampleFiles.gpx(seconds: 601)))
        #expect(imported.samples.count == 600)
        #expect(imported.totals.movingSeconds == 600)
        // 600 steps between 601 points, each known by hand.
        #expect(abs(imported.totals.distanceMeters - 600 * SampleFiles.stepMeters) < 0.01)
        #expect(imported.startedAt == SampleFiles.start)
        #expect(imported.samples.first?.recordedAt == SampleFiles.start)
        #expect(imported.endedAt == SampleFiles.start.addingTimeInterval(600))
        #expect(imported.pauses.isEmpty)
        #expect(imported.totals.maxHeartRate == 149)
        #expect(imported.samples.allSatisfy { $0.latitude != nil && $0.heartRate != nil })
    }

    /// Ten seconds with a heart rate of 140, then ten points a second apart without one (no `<hr>`, then 0, which
    /// recorders write for no reading), then 150 again: the seconds without a reading are gaps, none repeats 140.
    @Test func pointsWithoutAHeartRateAreGapsNotTheLastReadingHeld() throws {
        func point(_ second: Int, _ heartRate: String?) -> String {
            let time = ISO8601DateFormatter().string(from: SampleFiles.start.addingTimeInterval(Double(second)))
            let extensions =
                heartRate.map {
                    "<extensions><gpxtpx:TrackPointExtension><gpxtpx:hr>\($0)</gpxtpx:hr>"
                        + "</gpxtpx:TrackPointExtension></extensions>"
                } ?? ""
            return
                "<trkpt lat=\"52.0\" lon=\"\(13.0 + Double(second) * 0.00003)\"><time>\(time)</time>\(extensions)</trkpt>"
        }
        let points =
            (0..<10).map { point($0, "140") } + (10..<15).map { point($0, nil) } + (15..<20).map { point($0, "0") }
            + (20...25).map { point($0, "150") }  // the last point, at 0:25, closes the 25th second
        let gpx = """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1"
              xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v2">
            <trk><trkseg>
            \(points.joined(separator: "\n"))
            </trkseg></trk></gpx>
            """
        let imported = WorkoutImporter.workout(from: try activity("strap-lost.gpx", gpx))
        #expect(imported.samples.count == 25)
        #expect(imported.samples.prefix(10).allSatisfy { $0.heartRate == 140 })
        #expect(
            imported.samples.dropFirst(10).prefix(10).allSatisfy { $0.heartRate == nil },
            "\(imported.samples.map(\.heartRate))")
        #expect(imported.samples.suffix(5).allSatisfy { $0.heartRate == 150 })
    }

    @Test func aLongGapIsAPauseWithoutDistanceOrMovingTime() throws {
        let imported = WorkoutImporter.workout(
            from: try activity("ride.gpx", SampleFiles.gpx(seconds: 100, gap: (after: 50, seconds: 300))))
        // Each run lasts from its first point to its last: 0:00 to 0:49, then 5:50 to 6:39.
        #expect(imported.totals.movingSeconds == 98)
        #expect(imported.pauses.count == 1)
        #expect(imported.pauses.first?.startedAt == SampleFiles.start.addingTimeInterval(49))
        #expect(imported.pauses.first?.endedAt == SampleFiles.start.addingTimeInterval(350))
        // The step across the pause is not walked: 98 steps, not 99.
        #expect(abs(imported.totals.distanceMeters - 98 * SampleFiles.stepMeters) < 0.01)
    }

    @Test func aShortGapInsideASegmentIsMovingTimeWithoutPositions() throws {
        let imported = WorkoutImporter.workout(
            from: try activity("ride.gpx", SampleFiles.gpx(seconds: 100, gap: (after: 50, seconds: 10))))
        #expect(imported.pauses.isEmpty)
        // 0:00 to 1:49, the first point to the last.
        #expect(imported.totals.movingSeconds == 109)
        #expect(imported.samples.filter { $0.latitude == nil }.count == 10)
        #expect(abs(imported.totals.distanceMeters - 99 * SampleFiles.stepMeters) < 0.01)
    }

    @Test func aNewSegmentAfterAGapIsAPause() throws {
        let imported = WorkoutImporter.workout(
            from: try activity(
                "ride.gpx", SampleFiles.gpx(seconds: 100, gap: (after: 50, seconds: 10), segments: true)))
        #expect(imported.pauses.count == 1)
        #expect(imported.totals.movingSeconds == 98)  // 0:00 to 0:49, then 1:00 to 1:49
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

    @Test func aGapOfLessThan80SecondsTheTrackWentOnAcrossIsMovingTime() throws {
        // Recorders storing a point when the course changes leave such gaps with the timer running: a vívoactive
        // HR walk lost 1.4 % of its distance and 4 % of its moving time when every gap over 30 s made a pause.
        let imported = WorkoutImporter.workout(
            from: try activity(
                "walk.gpx", SampleFiles.gpx(seconds: 100, gap: (after: 50, seconds: 45), movesInGap: true)))
        #expect(imported.pauses.isEmpty)
        #expect(imported.totals.movingSeconds == 144)  // 0:00 to 2:24
        // The straight line across the gap counts: 144 seconds' steps.
        #expect(abs(imported.totals.distanceMeters - 144 * SampleFiles.stepMeters) < 0.01)
    }

    @Test(arguments: [(45, false), (90, true)])
    func aGapWhereTheTrackStoodStillOrOfMoreThan80SecondsIsAPause(seconds: Int, movesInGap: Bool) throws {
        let imported = WorkoutImporter.workout(
            from: try activity(
                "walk.gpx", SampleFiles.gpx(seconds: 100, gap: (after: 50, seconds: seconds), movesInGap: movesInGap)))
        #expect(imported.pauses.count == 1)
        #expect(imported.totals.movingSeconds == 98)  // 0:00 to 0:49, and 49 s again after the pause
    }

    /// A 30:00 ride recorded at 1 Hz, GPX having no timer: 1801 points, 0:00 through 30:00, one when the recorder
    /// started and one when it stopped. It is 30:00 in 1800 stored seconds (it was 30:01 in 1801), the last point
    /// counted in the last second.
    @Test func aOneHertzGPXFromStartToStopLastsFromItsFirstPointToItsLast() async throws {
        let directory = try TemporaryDirectory()
        let activity = try ActivityFileReader.read(
            path: try directory.write("ride.gpx", SampleFiles.gpx(seconds: 1801)))
        #expect(activity.points.count == 1801)
        let imported = WorkoutImporter.workout(from: activity)
        #expect(imported.totals.movingSeconds == 1800)
        #expect(Format.clock(seconds: imported.totals.movingSeconds) == "30:00")
        #expect(imported.samples.count == 1800)
        #expect(imported.endedAt == SampleFiles.start.addingTimeInterval(1800))
        #expect(imported.samples.last?.latitude == 48.0 + 1800 * SampleFiles.stepDegrees)
        #expect(abs(imported.totals.distanceMeters - 1800 * SampleFiles.stepMeters) < 0.01)
        let store = try HubStore(directory: directory.url)
        let (id, _) = try await WorkoutImporter.store(activity, in: store)
        #expect(try await store.samples(of: id).count == 1800)
        #expect(try await store.workout(id)?.totals.movingSeconds == 1800)
    }

    /// Two runs of 1 Hz points, 0:00 through 10:00 and 15:00 through 25:00 in segments of their own: 20:00.
    @Test func eachRunOfAGPXLastsFromItsFirstPointToItsLast() throws {
        let imported = WorkoutImporter.workout(
            from: try activity(
                "ride.gpx", SampleFiles.gpx(seconds: 1202, gap: (after: 601, seconds: 299), segments: true)))
        #expect(imported.totals.movingSeconds == 1200)
        #expect(imported.samples.count == 1200)
        #expect(imported.pauses.count == 1)
        #expect(imported.pauses.first?.startedAt == SampleFiles.start.addingTimeInterval(600))
        #expect(imported.pauses.first?.endedAt == SampleFiles.start.addingTimeInterval(900))
        #expect(imported.endedAt == SampleFiles.start.addingTimeInterval(1500))
    }

    // MARK: - The recorder's own distance

    @Test func aGPXWithTheRecordersDistanceKeepsIt() throws {
        // 2.5 m a second by the recorder, 3.336 m by the positions: 99 seconds from the first point to the last.
        let text = SampleFiles.gpx(seconds: 100, distancePerSecond: 2.5)
        let activity = try activity("ride.gpx", text)
        #expect(activity.distanceSource == .recorder)
        let imported = WorkoutImporter.workout(from: activity)
        #expect(imported.totals.distanceMeters == 247.5)
        #expect(imported.samples.last?.distanceMeters == 247.5)
        #expect(imported.samples[10].distanceMeters == 25)
    }

    @Test func aGPXWithTheRecordersSpeedKeepsTheDistanceItGives() throws {
        let text = SampleFiles.gpx(seconds: 100, speed: 2.0)
        let activity = try activity("ride.gpx", text)
        #expect(activity.distanceSource == .recorderSpeed)
        let imported = WorkoutImporter.workout(from: activity)
        // 99 seconds between 100 points at 2 m/s.
        #expect(abs(imported.totals.distanceMeters - 198) < 1e-9)
    }

    @Test func aGPXWithTheRecordersSpeedOnFewPointsCountsThePositions() throws {
        var lines = SampleFiles.gpx(seconds: 100).components(separatedBy: "\n")
        // Line 5 is the first point: the first 20 get a speed.
        for index in 4..<24 {
            lines[index] = lines[index].replacingOccurrences(
                of: "</gpxtpx:cad>", with: "</gpxtpx:cad><gpxtpx:speed>2.0</gpxtpx:speed>")
        }
        let activity = try activity("ride.gpx", lines.joined(separator: "\n"))
        #expect(activity.points.filter { $0.speedMetersPerSecond != nil }.count == 20)
        #expect(activity.distanceSource == .positions)
    }

    @Test func aGPXWithPositionsAloneCountsTheirDistance() throws {
        let activity = try activity("ride.gpx", SampleFiles.gpx(seconds: 100))
        #expect(activity.distanceSource == .positions)
        #expect(!activity.keepsOwnDistance)
    }

    // MARK: - Cadence and elevation

    @Test func aRunningCadenceBecomesTheWorkoutsSteps() throws {
        // 80 strides a minute: 160 steps a minute, 8 steps every 3 seconds; 301 points, 0:00 through 5:00.
        let text = SampleFiles.gpx(seconds: 301).replacingOccurrences(
            of: "<type>cycling</type>", with: "<type>running</type>")
        let imported = WorkoutImporter.workout(from: try activity("run.gpx", text))
        let steps = try #require(imported.totals.steps)
        #expect(abs(steps - 800) <= 3, "\(steps)")
    }

    @Test func anImportedWorkoutsElevationGainIsStored() async throws {
        let directory = try TemporaryDirectory()
        let activity = try ActivityFileReader.read(
            path: try directory.write("ride.gpx", SampleFiles.gpx(seconds: 300, climbMetersPerSecond: 0.1)))
        let store = try HubStore(directory: directory.url)
        let (id, imported) = try await WorkoutImporter.store(activity, in: store)
        // 29.9 m climbed in steps of at least 5 m.
        let gain = try #require(imported.totals.elevationGainMeters)
        #expect(gain >= 25 && gain <= 30, "\(gain)")
        let stored = try #require(try await store.workout(id))
        #expect(stored.totals.elevationGainMeters == gain)
    }

    @Test(arguments: WorkoutFileFormat.allCases)
    func aRideImportedAndExportedAgainIsStillARide(_ format: WorkoutFileFormat) async throws {
        let directory = try TemporaryDirectory()
        let store = try HubStore(directory: directory.url)
        let ride = try ActivityFileReader.read(path: try directory.write("ride.gpx", SampleFiles.gpx(seconds: 120)))
        #expect(ride.sport == .biking)
        let (id, _) = try await WorkoutImporter.store(ride, in: store)
        let workout = try #require(try await store.workout(id))
        #expect(workout.sport == "biking")
        let path = directory.path("again.\(format.fileExtension)")
        let writer = try ChunkedFileWriter(path: path, ifExists: .replace)
        _ = try await WorkoutExporter.export(workout, from: store, format: format, to: writer)
        try writer.finish()
        #expect(try ActivityFileReader.read(path: path).sport == .biking)
    }

    // MARK: - Pauses by the laps' timers

    @Test func aGapTheLapTimerStoodStillThroughIsAPause() throws {
        let imported = WorkoutImporter.workout(
            from: try activity(
                "run.tcx",
                SampleFiles.tcx(timedLaps: [(start: 0, timer: 200, points: Array(0..<100) + Array(160..<260))])))
        #expect(imported.pauses.count == 1)
        #expect(imported.pauses.first?.endedAt == SampleFiles.start.addingTimeInterval(160))
        #expect(imported.totals.movingSeconds == 200)
        // Where the runner went while the timer stood still is not counted.
        #expect(abs(imported.totals.distanceMeters - 198 * SampleFiles.stepMeters) < 0.01)
    }

    @Test func aLongGapTheLapTimerRanThroughIsMovingTime() throws {
        // A recorder that stores few points while going straight or standing leaves such gaps: 60 s here, twice
        // the gap that makes a pause in a file without timers.
        let imported = WorkoutImporter.workout(
            from: try activity(
                "run.tcx",
                SampleFiles.tcx(timedLaps: [(start: 0, timer: 259, points: Array(0..<100) + Array(160..<260))])))
        #expect(imported.pauses.isEmpty)
        // The recorder's timer: 259 s from the first point to the last.
        #expect(imported.totals.movingSeconds == 259)
        // The straight line across the gap counts, as after a tunnel in a live workout.
        #expect(abs(imported.totals.distanceMeters - 259 * SampleFiles.stepMeters) < 0.01)
    }

    /// A 30:00 run recorded at 1 Hz: a point when the timer starts, one a second, one when it stops; 1801 points,
    /// TotalTimeSeconds 1800. It is 30:00 (it was 30:01), the last point's position counted in the last second.
    @Test func aOneHertzRecordingFromStartToStopLastsWhatItsTimerSays() throws {
        let imported = WorkoutImporter.workout(
            from: try activity(
                "run.tcx", SampleFiles.tcx(timedLaps: [(start: 0, timer: 1800, points: Array(0...1800))])))
        #expect(imported.totals.movingSeconds == 1800)
        #expect(imported.samples.count == 1800)
        #expect(imported.endedAt == SampleFiles.start.addingTimeInterval(1800))
        #expect(imported.pauses.isEmpty)
        #expect(abs(imported.totals.distanceMeters - 1800 * SampleFiles.stepMeters) < 0.01)
    }

    /// One point a second that the timer counts each as a second (the hub's own export): as many seconds as points.
    @Test func aRecordingWhoseTimerCountsEveryPointKeepsEverySecond() throws {
        let imported = WorkoutImporter.workout(
            from: try activity(
                "run.tcx", SampleFiles.tcx(timedLaps: [(start: 0, timer: 1800, points: Array(0..<1800))])))
        #expect(imported.totals.movingSeconds == 1800)
        #expect(imported.endedAt == SampleFiles.start.addingTimeInterval(1800))
    }

    @Test func aNewTrackAtALapStartIsNoPause() throws {
        // Recorders begin a Track with every lap; a recorder storing a point every few seconds leaves a gap there.
        let imported = WorkoutImporter.workout(
            from: try activity(
                "run.tcx",
                SampleFiles.tcx(timedLaps: [
                    (start: 0, timer: 103, points: Array(0..<100)), (start: 103, timer: 97, points: Array(103..<200)),
                ])))
        #expect(imported.pauses.isEmpty)
        #expect(imported.totals.movingSeconds == 200)
        #expect(imported.laps.map(\.movingSeconds) == [103, 97])
        #expect(abs(imported.totals.distanceMeters - 199 * SampleFiles.stepMeters) < 0.01)
    }

    // MARK: - Storing as the seconds are made

    @Test(arguments: [
        ("ride.gpx", SampleFiles.gpx(seconds: 600, gap: (after: 300, seconds: 120))),
        ("run.tcx", SampleFiles.tcx(laps: 3, secondsPerLap: 200)),
    ])
    func storingSecondBySecondStoresWhatTheWholeWorkoutHolds(_ name: String, _ text: String) async throws {
        let directory = try TemporaryDirectory()
        let activity = try ActivityFileReader.read(path: try directory.write(name, text))
        let whole = WorkoutImporter.workout(from: activity)
        let store = try HubStore(directory: directory.url)

        let (id, stored) = try await WorkoutImporter.store(activity, in: store)

        #expect(stored.totals == whole.totals)
        #expect(stored.laps == whole.laps)
        #expect(stored.pauses == whole.pauses)
        let samples = try await store.samples(of: id)
        #expect(samples.count == whole.samples.count)
        // The recorder's energy rescales the running totals in the store as it did in memory.
        for (read, made) in zip(samples, whole.samples) {
            #expect(read.second == made.second && read.recordedAt == made.recordedAt)
            #expect(read.latitude == made.latitude && read.heartRate == made.heartRate)
            #expect(abs(read.distanceMeters - made.distanceMeters) < 1e-9)
            #expect(abs(read.kilocalories - made.kilocalories) < 1e-9)
        }
        let workout = try #require(try await store.workout(id))
        #expect(workout.startedAt == whole.startedAt && workout.endedAt == whole.endedAt)
        #expect(workout.totals.distanceMeters == whole.totals.distanceMeters)
        #expect(try await store.laps(of: id).count == whole.laps.count)
        #expect(try await store.pauses(of: id).count == whole.pauses.count)
    }

    @Test func anImportThatFailsHalfwayStoresNothing() async throws {
        struct Failure: Error {}
        let directory = try TemporaryDirectory()
        let activity = try ActivityFileReader.read(
            path: try directory.write("ride.gpx", SampleFiles.gpx(seconds: 300)))
        let whole = WorkoutImporter.workout(from: activity)
        let store = try HubStore(directory: directory.url)

        // The store names the database in its error, with the producer's failure inside.
        let error = await #expect(throws: HubStoreError.self) {
            _ = try await store.importWorkout { seconds in
                for sample in whole.samples.prefix(200) { try seconds.append(sample) }
                #expect(seconds.count == 200)
                throw Failure()
            }
        }
        #expect(error.map { "\($0)" }?.contains("Failure") == true)
        // A write the database refuses (the same second twice) rolls back what came before it too.
        await #expect(throws: (any Error).self) {
            _ = try await store.importWorkout { seconds in
                for sample in whole.samples.prefix(100) { try seconds.append(sample) }
                try seconds.append(whole.samples[50])
                return whole
            }
        }

        #expect(try await store.workouts().isEmpty)
        let (id, _) = try await WorkoutImporter.store(activity, in: store)
        // Nothing was left behind by the failures: the one workout holds its own seconds and no others.
        #expect(try await store.workouts().map(\.id) == [id])
        #expect(try await store.samples(of: id).count == whole.samples.count)
    }
}
