import BlueZTestKit
import Foundation
import GPSTestKit
import HubCore
import HubStore
import Testing

/// `stayfit workouts export` and `import`, and `stayfit demo --file` with a GPX, on the built binary; exports are
/// checked by independent parsers (lxml against the published XSDs, gpxpy).
@Suite struct WorkoutFilesCLITests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The checker's verdict on a file: valid against the XSDs, and its points and distance as gpxpy or lxml read them.
    struct Check: Decodable {
        var valid: Bool
        var errors: [String]
        var points: Int
        var distance: Double
        var heartRates: Int
    }

    static func check(_ path: String, format: String) async throws -> Check {
        let python = root.appendingPathComponent(".build/test-venv/bin/python").path
        try #require(
            FileManager.default.isExecutableFile(atPath: python),
            "no test venv at \(python): run scripts/test-venv to build it (gpxpy and lxml, pinned)")
        let tests = root.appendingPathComponent("Tests/WorkoutFilesTests")
        let descriptor = open(path + ".json", O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        let child = try ChildProcess.spawn(
            python,
            [
                tests.appendingPathComponent("Checkers/check_workout_file.py").path, path, format,
                tests.appendingPathComponent("Schemas").path,
            ],
            stdout: descriptor, stderrPath: path + ".err")
        let status = try await child.exitCode(within: .seconds(120))
        try #require(
            status == 0, "the checker failed: \((try? String(contentsOfFile: path + ".err", encoding: .utf8)) ?? "")")
        return try JSONDecoder().decode(Check.self, from: Data(contentsOf: URL(fileURLWithPath: path + ".json")))
    }

    /// Records a 5-minute run with `stayfit demo` into `data` and returns it as stored.
    static func recordRun(_ scratch: borrowing Scratch, data: String, csv: String = StraightRun.csv(seconds: 300))
        async throws -> Workout
    {
        let track = try scratch.write("run-\(UUID().uuidString).csv", csv)
        let demo = try await StayfitProcess.run(["demo", "--file", track, "--speed", "120", "--data-dir", data])
        try #require(demo.status == 0, "\(demo.error)")
        let workouts = try await HubStore(directory: URL(fileURLWithPath: data)).workouts()
        return try #require(workouts.first)
    }

    @Test func exportsARecordedRunAsValidGPXAndTCX() async throws {
        let scratch = try Scratch()
        let data = scratch.path("data")
        let run = try await Self.recordRun(scratch, data: data)
        let store = try HubStore(directory: URL(fileURLWithPath: data))
        let samples = try await store.samples(of: run.id)
        // On a loaded machine a sped-up demo may close a second before its fix arrives: that second is stored
        // without a position, and GPX (positions only) leaves it out. The expectations follow what was stored.
        let positions = samples.compactMap { sample in
            sample.latitude.flatMap { lat in sample.longitude.map { (lat, $0) } }
        }
        let pathMeters = zip(positions, positions.dropFirst()).reduce(0.0) {
            $0 + Geo.distanceMeters(fromLatitude: $1.0.0, longitude: $1.0.1, toLatitude: $1.1.0, longitude: $1.1.1)
        }
        // One run, so the GPX has one closing point: the last second again at its end, with its heart rate.
        #expect(try await store.pauses(of: run.id).isEmpty)
        let closingHeartRates = samples.last?.heartRate == nil ? 0 : 1
        for format in ["gpx", "tcx"] {
            let file = scratch.path("run.\(format)")
            let export = try await StayfitProcess.run([
                "workouts", "export", "\(run.id)", "--format", format, "-o", file, "--data-dir", data,
            ])
            #expect(export.status == 0, "\(export.error)")
            #expect(export.output.contains("Wrote workout \(run.id) to \(file)"))
            let check = try await Self.check(file, format: format)
            #expect(check.valid, "\(format): \(check.errors)")
            #expect(
                check.heartRates
                    == samples.filter { $0.heartRate != nil && (format == "tcx" || $0.latitude != nil) }.count
                    + (format == "gpx" ? closingHeartRates : 0))
            if format == "gpx" {
                #expect(check.points == positions.count + 1)
                #expect(abs(check.distance - pathMeters) / pathMeters < 0.005)
            } else {
                #expect(check.points == run.totals.movingSeconds)
                #expect(abs(check.distance - run.totals.distanceMeters) < 0.05)
            }
        }
    }

    @Test func anImportedFileExportsAndImportsBackWithTheSameTotals() async throws {
        let scratch = try Scratch()
        var text = "<gpx xmlns=\"http://www.topografix.com/GPX/1/1\"><trk><trkseg>\n"
        // 0:00 through 6:40, a one-minute stop (a pause), 7:40 through 15:00: 14:00 from each run's first point
        // to its last.
        for second in 0...900 where !(401..<460).contains(second) {
            let time = Date(timeIntervalSince1970: 1_795_330_800 + Double(second))
            // Standing still through the stop: the track goes on from where it stopped.
            let step = second <= 400 ? second : second - 60
            text +=
                "<trkpt lat=\"\(48 + Double(step) * StraightRun.stepDegrees)\" lon=\"11.5\">"
                + "<time>\(ISO8601DateFormatter().string(from: time))</time>"
                + "<extensions><hr>\(120 + second % 25)</hr></extensions></trkpt>\n"
        }
        let original = try scratch.write("ride.gpx", text + "</trkseg></trk></gpx>\n")
        let data = scratch.path("data")
        let first = try await StayfitProcess.run(["workouts", "import", original, "--data-dir", data])
        #expect(first.status == 0, "\(first.error)")
        #expect(first.output.contains("as workout 1: 14:00"))
        let stored = try #require(try await HubStore(directory: URL(fileURLWithPath: data)).workout(1))
        #expect(stored.totals.movingSeconds == 840)
        for format in ["gpx", "tcx"] {
            let file = scratch.path("again.\(format)")
            let export = try await StayfitProcess.run([
                "workouts", "export", "1", "--format", format, "-o", file, "--data-dir", data,
            ])
            #expect(export.status == 0, "\(export.error)")
            #expect(try await Self.check(file, format: format).valid)
            let other = scratch.path("back-\(format)")
            let back = try await StayfitProcess.run(["workouts", "import", file, "--data-dir", other])
            #expect(back.status == 0, "\(back.error)")
            let again = try #require(try await HubStore(directory: URL(fileURLWithPath: other)).workout(1))
            #expect(again.totals.movingSeconds == stored.totals.movingSeconds, "\(format)")
            #expect(abs(again.totals.distanceMeters - stored.totals.distanceMeters) < 0.5, "\(format)")
            #expect(abs(again.totals.kilocalories - stored.totals.kilocalories) < 1, "\(format)")
            #expect(again.totals.maxHeartRate == stored.totals.maxHeartRate, "\(format)")
            #expect(again.startedAt == stored.startedAt, "\(format)")
        }
    }

    @Test func exportsEveryWorkoutSinceADayIntoADirectoryWithStableNames() async throws {
        let scratch = try Scratch()
        let data = scratch.path("data")
        _ = try await Self.recordRun(scratch, data: data)
        _ = try await Self.recordRun(scratch, data: data)
        let directory = scratch.path("exports")
        var names: [[String]] = []
        // Again into the same folder: the files there are kept; with --force they are written anew.
        for (force, summary) in [
            (false, "Exported 2 workouts"), (false, "Exported 0 workouts started since 2000-01-01 to "),
            (true, "Exported 2 workouts"),
        ] {
            let result = try await StayfitProcess.run(
                [
                    "workouts", "export", "--all", "--since", "2000-01-01", "--format", "tcx", "--dir", directory,
                    "--data-dir", data,
                ] + (force ? ["--force"] : []))
            #expect(result.status == 0, "\(result.error)")
            #expect(result.output.contains(summary), "\(result.output)")
            #expect(
                result.output.contains("kept 2 files already there (--force replaces them).") == (names.count == 1),
                "\(result.output)")
            names.append(try FileManager.default.contentsOfDirectory(atPath: directory).sorted())
        }
        #expect(names[0] == names[1])
        #expect(names[0] == names[2])
        #expect(names[0].count == 2)
        #expect(names[0].allSatisfy { $0.hasPrefix("stayfit-") && $0.hasSuffix(".tcx") })
        for name in names[0] {
            let check = try await Self.check(directory + "/" + name, format: "tcx")
            #expect(check.valid, "\(name): \(check.errors)")
        }
        let none = try await StayfitProcess.run([
            "workouts", "export", "--all", "--since", "2999-01-01", "--format", "gpx", "--dir", directory,
            "--data-dir", data,
        ])
        #expect(none.status == 0)
        #expect(none.output.contains("No workouts started since 2999-01-01 to export."))
    }

    @Test func anIndoorWorkoutIsRefusedAsGPXAndExportsAsTCX() async throws {
        let scratch = try Scratch()
        let data = scratch.path("data")
        var csv = "seconds,heart_rate\n"
        for second in 0..<120 { csv += "\(second),\(110 + second % 10)\n" }
        let run = try await Self.recordRun(scratch, data: data, csv: csv)
        let gpx = try await StayfitProcess.run([
            "workouts", "export", "\(run.id)", "--format", "gpx", "-o", scratch.path("indoor.gpx"), "--data-dir", data,
        ])
        #expect(gpx.status == 65)
        #expect(gpx.error.contains("has no positions (an indoor workout)"))
        #expect(gpx.error.contains("--format tcx"))
        #expect(!FileManager.default.fileExists(atPath: scratch.path("indoor.gpx")))
        let tcx = try await StayfitProcess.run([
            "workouts", "export", "\(run.id)", "--format", "tcx", "-o", scratch.path("indoor.tcx"), "--data-dir", data,
        ])
        #expect(tcx.status == 0, "\(tcx.error)")
        let check = try await Self.check(scratch.path("indoor.tcx"), format: "tcx")
        #expect(check.valid, "\(check.errors)")
        // Every stored second with a heart rate is in the file. (On a loaded machine the sped-up demo may close
        // a second before its reading arrives: that second is stored without one, as in the GPX test above.)
        let stored = try await HubStore(directory: URL(fileURLWithPath: data)).samples(of: run.id)
        #expect(stored.count == run.totals.movingSeconds)
        #expect(check.heartRates == stored.filter { $0.heartRate != nil }.count)
        #expect(check.heartRates >= run.totals.movingSeconds - 5, "most seconds have a heart rate")
    }

    @Test(arguments: [
        ("notxml.gpx", "just some text\n", ":1: is not an XML file"),
        (
            "cut.gpx",
            "<?xml version=\"1.0\"?>\n<gpx xmlns=\"http://www.topografix.com/GPX/1/1\">\n<trk><trkseg>\n<trkpt lat=\"48\" lon=\"11\"><time>2026-11-22T07:00:00Z</time></trkpt>\n<trkpt lat=\"48.0001\"",
            ":5: is not well-formed XML"
        ),
        ("empty.tcx", "<TrainingCenterDatabase><Activities/></TrainingCenterDatabase>", ": no track points"),
        (
            // Every point after the first is earlier: a device's slip is one or two points, not this.
            "backwards.gpx",
            "<gpx>\n<trk><trkseg>\n"
                + (0..<12).reversed().map {
                    "<trkpt lat=\"48\" lon=\"11\"><time>2026-11-22T07:00:\(String(format: "%02d", $0))Z</time></trkpt>\n"
                }.joined() + "</trkseg></trk></gpx>",
            ":4: the time goes backwards at 11 points"
        ),
        (
            "absurd.gpx",
            "<gpx>\n<trk><trkseg>\n<trkpt lat=\"48\" lon=\"11\"><time>2026-11-22T07:00:00Z</time></trkpt>\n<trkpt lat=\"48\" lon=\"200\"><time>2026-11-22T07:00:01Z</time></trkpt>\n</trkseg></trk></gpx>",
            ":4: position 48.0, 200.0 is not on Earth"
        ),
    ])
    func refusesABadFileWithItsLineAndStoresNothing(name: String, text: String, message: String) async throws {
        let scratch = try Scratch()
        let data = scratch.path("data")
        let file = try scratch.write(name, text)
        let result = try await StayfitProcess.run(["workouts", "import", file, "--data-dir", data])
        #expect(result.status == 65)
        #expect(result.error.contains("error: \(file)\(message)"), "\(result.error)")
        #expect(result.error.contains("Nothing was imported."))
        #expect(try await HubStore(directory: URL(fileURLWithPath: data)).workouts().isEmpty)
    }

    @Test func aPointOutOfTimeOrderIsLeftOutWithAWarningAndTheRestImported() async throws {
        let scratch = try Scratch()
        let data = scratch.path("data")
        var text = "<gpx>\n<trk><trkseg>\n"
        for second in 0..<60 {
            // The 31st point is stamped a second before the one it follows, as a Fenix 2 wrote two of 24,000.
            let stamp = second == 30 ? 28 : second
            text +=
                "<trkpt lat=\"\(48 + Double(second) * 0.00003)\" lon=\"11\"><time>2026-11-22T07:00:\(String(format: "%02d", stamp))Z</time></trkpt>\n"
        }
        let file = try scratch.write("walk.gpx", text + "</trkseg></trk></gpx>\n")
        let result = try await StayfitProcess.run(["workouts", "import", file, "--data-dir", data])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.error.contains("warning: \(file): 1 point out of time order left out"), "\(result.error)")
        #expect(result.output.contains("59 points, 1 out of time order left out"), "\(result.output)")
        #expect(try await HubStore(directory: URL(fileURLWithPath: data)).workouts().count == 1)
    }

    @Test func importingTheSameFileTwiceIsRefused() async throws {
        let scratch = try Scratch()
        let data = scratch.path("data")
        var text = "<gpx>\n<trk><trkseg>\n"
        for second in 0..<60 {
            text +=
                "<trkpt lat=\"\(48 + Double(second) * 0.00003)\" lon=\"11\"><time>2026-11-22T07:00:\(String(format: "%02d", second))Z</time></trkpt>\n"
        }
        let file = try scratch.write("walk.gpx", text + "</trkseg></trk></gpx>\n")
        let first = try await StayfitProcess.run(["workouts", "import", file, "--data-dir", data])
        #expect(first.status == 0, "\(first.error)")
        let second = try await StayfitProcess.run(["workouts", "import", file, "--data-dir", data])
        #expect(second.status == 1)
        #expect(second.error.contains("is already stored (workout 1)"))
        #expect(try await HubStore(directory: URL(fileURLWithPath: data)).workouts().count == 1)
    }

    @Test(arguments: [
        (["--format", "kml", "1"], "--format must be gpx or tcx"),
        (["--format", "gpx"], "give the id of the workout to export"),
        (["--all", "--format", "gpx"], "--all needs --dir DIR"),
        (["--all", "--format", "gpx", "--dir", "x", "--since", "2026-13-01"], "is not a day; write it as YYYY-MM-DD"),
        (["--format", "gpx", "--sport", "rowing", "1"], "--sport must be running, biking or other"),
    ])
    func refusesBadExportOptions(arguments: [String], message: String) async throws {
        let scratch = try Scratch()
        let result = try await StayfitProcess.run(
            ["workouts", "export"] + arguments + ["--data-dir", scratch.path("d")])
        #expect(result.status == 64)
        #expect(result.error.contains(message), "\(result.error)")
    }

    /// A phone's GPX of a run with GPS noise, a tunnel and a five-minute stop with drift: the import and the demo
    /// count its distance through the location plugin's filter, as a live workout over gpsd does, so the stop adds
    /// nothing and the jitter little, where joining the raw points up adds 11 %.
    ///
    /// Within 2 %, not the live path's 1 %: a GPX has no course, so the filter has no Doppler velocity to lean on
    /// (this route measures +1.6 % either way). Import and replay are the same pipeline, so they agree.
    @Test func anImportedOrReplayedGPXCountsItsDistanceThroughTheLocationFilter() async throws {
        let scratch = try Scratch()
        let route = TestRoute.standardRun()
        var text = "<gpx xmlns=\"http://www.topografix.com/GPX/1/1\">\n<trk><trkseg>\n"
        var raw = 0.0
        var previous: TestRoute.Reported?
        for second in route.seconds {
            guard let fix = second.reported else { continue }  // the tunnel: no points
            if let previous {
                raw += Geo.distanceMeters(
                    fromLatitude: previous.latitude, longitude: previous.longitude, toLatitude: fix.latitude,
                    longitude: fix.longitude)
            }
            previous = fix
            text +=
                "<trkpt lat=\"\(fix.latitude)\" lon=\"\(fix.longitude)\"><ele>\(fix.altitude)</ele>"
                + "<time>\(ISO8601DateFormatter().string(from: second.time))</time></trkpt>\n"
        }
        let truth = try #require(route.seconds.last).distanceMeters
        // The checks below could not fail if the raw points did not drift: make sure they do.
        try #require(raw > truth * 1.05, "raw \(raw) m, true \(truth) m")
        let file = try scratch.write("run.gpx", text + "</trkseg></trk></gpx>\n")

        let data = scratch.path("imported")
        let imported = try await StayfitProcess.run(["workouts", "import", file, "--data-dir", data])
        #expect(imported.status == 0, "\(imported.error)")
        let stored = try #require(try await HubStore(directory: URL(fileURLWithPath: data)).workout(1))
        #expect(
            abs(stored.totals.distanceMeters - truth) < truth * 0.02,
            "imported \(stored.totals.distanceMeters) m of \(truth)")

        let played = scratch.path("played")
        // At 30×, not 120×: a loaded fresh-clone run at 120× (8 ms a second) replayed 71 m short (fixes that came
        // seconds late); what is compared here is the pipeline, not how fast a starved machine can replay.
        let demo = try await StayfitProcess.run(["demo", "--file", file, "--speed", "30", "--data-dir", played])
        #expect(demo.status == 0, "\(demo.error)")
        let replayed = try #require(try await HubStore(directory: URL(fileURLWithPath: played)).workouts().first)
        // The sped-up replay may close its last second late on a loaded machine: the route ends standing still.
        #expect(
            abs(replayed.totals.distanceMeters - stored.totals.distanceMeters) < 1,
            "replayed \(replayed.totals.distanceMeters) m, imported \(stored.totals.distanceMeters) m")
    }

    @Test func theDemoPlaysAGPXRouteThroughTheLocationPipeline() async throws {
        let scratch = try Scratch()
        var text = "<gpx xmlns=\"http://www.topografix.com/GPX/1/1\">\n<trk><trkseg>\n"
        for second in 0..<300 {
            let time = Date(timeIntervalSince1970: 1_795_330_800 + Double(second))
            text +=
                "<trkpt lat=\"\(48 + Double(second) * StraightRun.stepDegrees)\" lon=\"11.5\"><ele>520</ele>"
                + "<time>\(ISO8601DateFormatter().string(from: time))</time></trkpt>\n"
        }
        let file = try scratch.write("route.gpx", text + "</trkseg></trk></gpx>\n")
        let data = scratch.path("data")
        let demo = try await StayfitProcess.run(["demo", "--file", file, "--speed", "60", "--data-dir", data])
        #expect(demo.status == 0, "\(demo.error)")
        let workout = try #require(try await HubStore(directory: URL(fileURLWithPath: data)).workouts().first)
        // A sped-up clock on a loaded machine may stop a few hub seconds late; the route itself is what counts here.
        #expect(abs(workout.totals.movingSeconds - 300) <= 5)
        // 299 steps of a known length; a late fix on a loaded machine may move one step across a second, not lose it.
        #expect(abs(workout.totals.distanceMeters - 299 * StraightRun.stepMeters) < 2 * StraightRun.stepMeters)
        #expect(workout.isSimulated)
        let bad = try scratch.write(
            "bad.gpx",
            "<gpx>\n<trk><trkseg>\n<trkpt lat=\"95\" lon=\"11\"><time>2026-11-22T07:00:00Z</time></trkpt>\n</trkseg></trk></gpx>"
        )
        let refused = try await StayfitProcess.run(["demo", "--file", bad, "--data-dir", scratch.path("other")])
        #expect(refused.status == 78)
        #expect(refused.error.contains("bad.gpx:3: position 95.0, 11.0 is not on Earth"), "\(refused.error)")
    }
}
