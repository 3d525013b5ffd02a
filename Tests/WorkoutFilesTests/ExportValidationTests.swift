import Foundation
import HubCore
import HubStore
import HubTestKit
import Testing
import WorkoutFiles

/// Exports checked by independent parsers: lxml against the published XSDs, gpxpy for GPX's totals.
@Suite struct ExportValidationTests {
    /// A 30-minute run stored as the hub stores one: 1 Hz, a 2-minute pause after 15 minutes, two laps; with
    /// `lastFix`, the seconds after it have no position.
    static func storedRun(in store: HubStore, positions allPositions: Bool = true, lastFix: Int = 1800)
        async throws -> Workout
    {
        var samples: [WorkoutSample] = []
        var metrics = WorkoutMetrics()
        var previous: (Double, Double)?
        var label = SampleFiles.start
        for second in 1...1800 {
            let positions = allPositions && second <= lastFix
            label = label.addingTimeInterval(second == 901 ? 121 : 1)
            let latitude = 48.0 + Double(second) * SampleFiles.stepDegrees, longitude = 11.5
            var meters = 0.0
            if positions, let (lastLatitude, lastLongitude) = previous, second != 901 {
                meters = Geo.distanceMeters(
                    fromLatitude: lastLatitude, longitude: lastLongitude, toLatitude: latitude, longitude: longitude)
            }
            previous = (latitude, longitude)
            metrics.recordSecond(
                heartRate: 120 + second % 40, speedMetersPerSecond: positions ? meters : nil, distanceMeters: meters,
                kilocalories: 0.2, steps: second * 3)
            samples.append(
                WorkoutSample(
                    second: second, recordedAt: label, heartRate: 120 + second % 40,
                    latitude: positions ? latitude : nil, longitude: positions ? longitude : nil,
                    speedMetersPerSecond: positions ? meters : nil, distanceMeters: metrics.distanceMeters,
                    kilocalories: metrics.kilocalories, steps: second * 3))
        }
        let pause = WorkoutPause(
            startedAt: SampleFiles.start.addingTimeInterval(900.5), endedAt: SampleFiles.start.addingTimeInterval(1020))
        let laps = [
            WorkoutLap(
                number: 1, endedAt: samples[999].recordedAt, movingSeconds: 1000,
                distanceMeters: samples[999].distanceMeters),
            WorkoutLap(
                number: 2, endedAt: label, movingSeconds: 800,
                distanceMeters: metrics.distanceMeters - samples[999].distanceMeters),
        ]
        let id = try await store.importWorkout(
            ImportedWorkout(
                startedAt: SampleFiles.start, endedAt: label, totals: metrics.totals, samples: samples, laps: laps,
                pauses: [pause]))
        return try #require(try await store.workout(id))
    }

    private func export(_ workout: Workout, _ store: HubStore, _ format: WorkoutFileFormat, to path: String)
        async throws -> Int
    {
        let writer = try ChunkedFileWriter(path: path, ifExists: .replace)
        let points = try await WorkoutExporter.export(workout, from: store, format: format, sport: .running, to: writer)
        try writer.finish()
        return points
    }

    @Test func aGPXExportIsValidAndGpxpyReadsTheSameTotals() async throws {
        let directory = try TemporaryDirectory()
        let store = try HubStore(directory: directory.url)
        let workout = try await Self.storedRun(in: store)
        let path = directory.path("run.gpx")
        // A point a second and each run's closing point, at its last second's end.
        #expect(try await export(workout, store, .gpx, to: path) == 1802)
        let report = try await IndependentCheck.check(path, format: "gpx")
        #expect(report.valid, "\(report.errors)")
        #expect(report.points == 1802)
        #expect(report.heartRates == 1802)
        #expect(report.segments == 2)  // split at the pause
        // gpxpy measures on its own sphere and flat steps: within 0.5 % of the hub's haversine.
        #expect(abs(report.distance - workout.totals.distanceMeters) / workout.totals.distanceMeters < 0.005)
        // Per segment, first to last point: 900 + 900 seconds, the workout's moving time (it was 899 + 899).
        #expect(report.duration == 1800)
        #expect(report.duration == Double(workout.totals.movingSeconds))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory.url.path).filter { $0 != "run.gpx" }
                .allSatisfy { !$0.hasSuffix(".tmp") && !$0.hasSuffix(".part") }, "no temporary file is left")
    }

    /// The hub's 30:00 with a pause, exported to GPX (each run with its closing point) and read back: 30:00 in 1800
    /// seconds, not one lost a run, the pause where it was.
    @Test func aWorkoutExportedToGPXAndImportedAgainKeepsEverySecond() async throws {
        let directory = try TemporaryDirectory()
        let store = try HubStore(directory: directory.url)
        let workout = try await Self.storedRun(in: store)
        #expect(workout.totals.movingSeconds == 1800)
        let path = directory.path("run.gpx")
        _ = try await export(workout, store, .gpx, to: path)
        let imported = WorkoutImporter.workout(from: try ActivityFileReader.read(path: path))
        #expect(imported.totals.movingSeconds == 1800)
        #expect(imported.samples.count == 1800)
        #expect(imported.pauses.count == 1)
        #expect(imported.pauses.first?.endedAt == SampleFiles.start.addingTimeInterval(1021))
        #expect(abs(imported.totals.distanceMeters - workout.totals.distanceMeters) < 0.01)
        let stored = try await store.samples(of: workout.id)
        #expect(imported.samples.map(\.recordedAt) == stored.map(\.recordedAt))
    }

    /// The last 5 seconds without a fix: GPX leaves them out, and the closing point, where the run last stood,
    /// brings them back (the old export lost them): four seconds without a position, and the last one closed there.
    @Test func aRunsLastSecondsWithoutAFixComeBackFromGPX() async throws {
        let directory = try TemporaryDirectory()
        let store = try HubStore(directory: directory.url)
        let workout = try await Self.storedRun(in: store, lastFix: 1795)
        let path = directory.path("run.gpx")
        #expect(try await export(workout, store, .gpx, to: path) == 1795 + 2)
        let imported = WorkoutImporter.workout(from: try ActivityFileReader.read(path: path))
        #expect(imported.totals.movingSeconds == 1800)
        #expect(imported.samples.filter { $0.latitude == nil }.count == 4)
        #expect(imported.samples.suffix(5).prefix(4).allSatisfy { $0.latitude == nil })
        // The file's distance has two decimals.
        #expect(abs((imported.samples.last?.distanceMeters ?? 0) - workout.totals.distanceMeters) < 0.005)
    }

    @Test func aTCXExportIsValidWithItsLapsCaloriesAndDistance() async throws {
        let directory = try TemporaryDirectory()
        let store = try HubStore(directory: directory.url)
        let workout = try await Self.storedRun(in: store)
        let path = directory.path("run.tcx")
        #expect(try await export(workout, store, .tcx, to: path) == 1800)
        let report = try await IndependentCheck.check(path, format: "tcx")
        #expect(report.valid, "\(report.errors)")
        #expect(report.points == 1800)
        #expect(report.positions == 1800)
        #expect(report.laps == 2)
        #expect(report.segments == 3)  // lap 1 is split by the pause
        #expect(abs(report.distance - workout.totals.distanceMeters) < 0.02)
        #expect(report.duration == 1800)
        #expect(abs(Double(report.calories ?? 0) - workout.totals.kilocalories) <= 1)
    }

    @Test func anIndoorWorkoutExportsAsTCXWithTimeAndHeartRateOnly() async throws {
        let directory = try TemporaryDirectory()
        let store = try HubStore(directory: directory.url)
        let workout = try await Self.storedRun(in: store, positions: false)
        #expect(try await !store.hasPositions(workout.id))
        let path = directory.path("indoor.tcx")
        #expect(try await export(workout, store, .tcx, to: path) == 1800)
        let report = try await IndependentCheck.check(path, format: "tcx")
        #expect(report.valid, "\(report.errors)")
        #expect(report.positions == 0)
        #expect(report.heartRates == 1800)
    }

    @Test func theCheckerRejectsFilesTheSchemasDoNotAllow() async throws {
        // The check above means something only if it can fail: a heart rate that is not a number inside
        // Garmin's extension, and a TCX lap without its required Calories.
        let directory = try TemporaryDirectory()
        let gpx = SampleFiles.gpx(seconds: 3)
            .replacingOccurrences(of: "TrackPointExtension/v1", with: "TrackPointExtension/v2")
            .replacingOccurrences(of: "<gpxtpx:hr>121</gpxtpx:hr>", with: "<gpxtpx:hr>fast</gpxtpx:hr>")
        let gpxReport = try await IndependentCheck.check(try directory.write("bad.gpx", gpx), format: "gpx")
        #expect(!gpxReport.valid)
        let tcx = SampleFiles.tcx(laps: 1, secondsPerLap: 3).replacingOccurrences(
            of: "<Calories>50</Calories>", with: "")
        let tcxReport = try await IndependentCheck.check(try directory.write("bad.tcx", tcx), format: "tcx")
        #expect(!tcxReport.valid)
    }

    @Test func importThenExportKeepsTheTotals() async throws {
        let directory = try TemporaryDirectory()
        let store = try HubStore(directory: directory.url)
        for (name, text, format) in [
            ("ride.gpx", SampleFiles.gpx(seconds: 900, gap: (after: 400, seconds: 120)), WorkoutFileFormat.gpx),
            ("run.tcx", SampleFiles.tcx(laps: 3, secondsPerLap: 300), .tcx),
        ] {
            let first = WorkoutImporter.workout(
                from: try ActivityFileReader.read(path: try directory.write(name, text)))
            let id = try await store.importWorkout(first)
            let stored = try #require(try await store.workout(id))
            let exported = directory.path("again-" + name)
            _ = try await export(stored, store, format, to: exported)
            let second = WorkoutImporter.workout(from: try ActivityFileReader.read(path: exported))
            #expect(second.totals.movingSeconds == first.totals.movingSeconds, "\(name)")
            #expect(abs(second.totals.distanceMeters - first.totals.distanceMeters) < 0.05, "\(name)")
            #expect(abs(second.totals.kilocalories - first.totals.kilocalories) < 2, "\(name)")
            #expect(second.totals.averageHeartRate == first.totals.averageHeartRate, "\(name)")
            #expect(second.pauses.count == first.pauses.count, "\(name)")
            #expect(second.laps.count == first.laps.count, "\(name)")
            #expect(second.startedAt == first.startedAt, "\(name)")
        }
    }

    /// An indoor ride's cadence and power: in the TCX as `Cadence` and the `Watts` extension (valid against the
    /// schemas), under the sport "Biking" that its kind says, and back from it second by second.
    @Test func aRidesCadenceAndPowerGoIntoTheTCXAndComeBack() async throws {
        let directory = try TemporaryDirectory()
        let store = try HubStore(directory: directory.url)
        var samples: [WorkoutSample] = []
        for second in 1...60 {
            var sample = WorkoutSample(
                second: second, recordedAt: SampleFiles.start.addingTimeInterval(Double(second)), heartRate: 130,
                latitude: nil, longitude: nil, speedMetersPerSecond: 9, distanceMeters: Double(second) * 9,
                kilocalories: Double(second) * 0.2, steps: nil)
            sample.cadence = 80 + second % 10
            sample.powerWatts = 150 + second
            samples.append(sample)
        }
        var totals = WorkoutTotals()
        (totals.movingSeconds, totals.distanceMeters, totals.kilocalories) = (60, 540, 12)
        var ride = ImportedWorkout(
            startedAt: SampleFiles.start, endedAt: SampleFiles.start.addingTimeInterval(61), totals: totals,
            samples: samples)
        ride.kind = .indoorRide
        let id = try await store.importWorkout(ride)
        let stored = try #require(try await store.workout(id))
        #expect(stored.kind == .indoorRide)
        let path = directory.path("ride.tcx")
        let writer = try ChunkedFileWriter(path: path, ifExists: .replace)
        #expect(try await WorkoutExporter.export(stored, from: store, format: .tcx, to: writer) == 60)
        try writer.finish()
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains("<Activity Sport=\"Biking\">"))
        #expect(text.contains("<Cadence>81</Cadence>"))
        #expect(text.contains("<ns3:Watts>151</ns3:Watts>"))
        let report = try await IndependentCheck.check(path, format: "tcx")
        #expect(report.valid, "\(report.errors)")
        let again = WorkoutImporter.workout(from: try ActivityFileReader.read(path: path))
        #expect(again.kind == .ride)
        // 151 … 210 W: average (151 + 210) / 2 = 180.5 W, work 10,830 J; cadence 80 + s % 10 averages 84.5.
        #expect(again.totals.averagePower == 180.5)
        #expect(again.totals.maxPower == 210)
        #expect(again.totals.workKilojoules == 10.83)
        #expect(again.totals.averageCadence == 84.5)
        #expect(again.totals.maxCadence == 89)
        let back = try await store.samples(of: try await store.importWorkout(again))
        #expect(back.map(\.powerWatts) == samples.map(\.powerWatts))
        #expect(back.map(\.cadence) == samples.map(\.cadence))
    }
}
