import BlueZTestKit
import Foundation
import HubCore
import HubStore
import HubTestKit
import PictureTestKit
import Reports
import Testing
import WorkoutFiles

@testable import Web

/// A workout's picture, its downloads and its deleting, from a real store.
@Suite struct WorkoutFilesAndDeleteTests {
    static let python = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(".build/test-venv/bin/python")
        .path

    /// What gpxpy reads of a GPX file: its points and its length in metres.
    struct GPXReport: Decodable {
        var points: Int
        var meters: Double
        var name: String?
    }

    static func readWithGPXPy(_ path: String) async throws -> GPXReport {
        try #require(
            FileManager.default.isExecutableFile(atPath: python), "no test venv: run scripts/test-venv (gpxpy)")
        let script = """
            import gpxpy, json, sys
            gpx = gpxpy.parse(open(sys.argv[1], encoding="utf-8"))
            points = [p for t in gpx.tracks for s in t.segments for p in s.points]
            print(json.dumps({"points": len(points), "meters": gpx.length_2d(), "name": gpx.tracks[0].name}))
            """
        let reportPath = path + ".json"
        let descriptor = open(reportPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        let child = try ChildProcess.spawn(
            python, ["-c", script, path], stdout: descriptor, stderrPath: path + ".err")
        let status = try await child.exitCode(within: .seconds(120))
        let errors = (try? String(contentsOfFile: path + ".err", encoding: .utf8)) ?? ""
        try #require(status == 0, "gpxpy could not read \(path): \(errors)")
        return try JSONDecoder().decode(GPXReport.self, from: Data(contentsOf: URL(fileURLWithPath: reportPath)))
    }

    // MARK: - Pictures

    @Test func theChartsOfARunAndARideRenderWithoutAProblem() async throws {
        let fixture = try await HistoryFixture()
        for id in [fixture.run, fixture.ride] {
            let svg = try #require(
                try await WorkoutPicture.svg(id: "\(id)", picture: "charts", history: fixture.store, units: .metric))
            let picture = try await RenderedPicture(svg: svg)
            #expect(picture.problems.isEmpty, "\(picture.problems)")
            #expect(picture.pngBytes > 1000)
            #expect(picture.texts.contains { $0.content == "Heart rate" })
        }
        let ride = try #require(
            try await WorkoutPicture.svg(
                id: "\(fixture.ride)", picture: "charts", history: fixture.store, units: .metric))
        #expect(ride.contains(">Power<"))
    }

    @Test(arguments: ["speed", "../../etc/passwd", "charts.svg", "", "CHARTS"])
    func anUnknownPictureIsNone(_ name: String) async throws {
        let fixture = try await HistoryFixture()
        #expect(
            try await WorkoutPicture.svg(id: "\(fixture.run)", picture: name, history: fixture.store, units: .metric)
                == nil)
        #expect(
            try await WorkoutPicture.svg(id: "99", picture: "charts", history: fixture.store, units: .metric) == nil)
    }

    // MARK: - Downloads

    @Test func aRunsGPXIsReadBackByGPXPyUnderASafeName() async throws {
        let fixture = try await HistoryFixture()
        let outcome = try await WorkoutDownload.make(
            id: "\(fixture.run)", format: "gpx", history: fixture.store, exporter: fixture.store)
        guard case .file(let download) = outcome else {
            Issue.record("no file: \(outcome)")
            return
        }
        #expect(download.fileName == "stayfit-2026-11-20-run.gpx")
        #expect(download.contentType == "application/gpx+xml")
        let path = fixture.directory.path("download.gpx")
        try Data(download.bytes).write(to: URL(fileURLWithPath: path))
        let report = try await Self.readWithGPXPy(path)
        // 600 seconds and the closing point; 0.000027° of latitude a second is 3.0 m.
        #expect(report.points == 601)
        #expect(abs(report.meters - 1800) < 10, "\(report.meters)")
        #expect(report.name == "StayFit workout \(fixture.run)")
    }

    @Test func anIndoorRideHasATCXAndNoGPX() async throws {
        let fixture = try await HistoryFixture()
        let gpx = try await WorkoutDownload.make(
            id: "\(fixture.ride)", format: "gpx", history: fixture.store, exporter: fixture.store)
        guard case .refused(let page) = gpx else {
            Issue.record("a GPX without positions: \(gpx)")
            return
        }
        #expect(page.body.contains("GPX needs a position for every point"))
        let tcx = try await WorkoutDownload.make(
            id: "\(fixture.ride)", format: "tcx", history: fixture.store, exporter: fixture.store)
        guard case .file(let download) = tcx else {
            Issue.record("no TCX: \(tcx)")
            return
        }
        #expect(download.fileName == "stayfit-2026-11-22-indoor-ride.tcx")
        let text = String(decoding: download.bytes, as: UTF8.self)
        #expect(text.contains("<TrainingCenterDatabase"))
        #expect(text.components(separatedBy: "<Trackpoint>").count - 1 == 1200)
        #expect(text.contains("<DistanceMeters>10000.0</DistanceMeters>") || text.contains("<DistanceMeters>10000"))
    }

    @Test(arguments: [("1", "fit"), ("1", "../gpx"), ("999", "gpx"), ("x", "tcx")])
    func anUnknownFormatOrWorkoutIsNotFound(_ id: String, _ format: String) async throws {
        let fixture = try await HistoryFixture()
        #expect(
            try await WorkoutDownload.make(id: id, format: format, history: fixture.store, exporter: fixture.store)
                == .notFound)
    }

    @Test func aNameFromAKindWithOtherCharactersSaysWorkout() {
        var workout = finishedWorkout(
            id: 3, start: HistoryFixture.runStart, seconds: 60, meters: 100, kcal: 5)
        workout.kind = WorkoutKind(rawValue: "../../x\"y")
        #expect(WorkoutDownload.fileName(of: workout, format: .tcx) == "stayfit-2026-11-20-workout.tcx")
    }

    // MARK: - Deleting

    @Test func theQuestionNamesTheWorkoutAndCarriesTheToken() async throws {
        let fixture = try await HistoryFixture()
        let page = try #require(
            try await DeleteWorkoutPage.confirmation(
                id: "\(fixture.run)", history: fixture.store, units: .metric, csrfToken: "a\"b<c",
                today: HistoryFixture.today))
        #expect(page.body.contains("<p>Delete the run of 20 November, 10:00, 1.80 km? This cannot be undone.</p>"))
        #expect(
            page.body.contains("<form class=\"danger\" method=\"post\" action=\"/workouts/\(fixture.run)/delete\">"))
        #expect(page.body.contains("<input type=\"hidden\" name=\"csrf\" value=\"a&quot;b&lt;c\">"))
        let strength = try #require(
            try await DeleteWorkoutPage.confirmation(
                id: "\(fixture.strength)", history: fixture.store, units: .metric, csrfToken: "t",
                today: LocalDay(LocalTime.date(year: 2027, month: 1, day: 2, hour: 12))))
        #expect(strength.body.contains("Delete the strength workout of 24 November 2026, 5:00? This cannot"))
    }

    @Test func deletingRemovesThatWorkoutOnly() async throws {
        let fixture = try await HistoryFixture()
        #expect(try await DeleteWorkoutPage.delete(id: "\(fixture.ride)", history: fixture.store) == .deleted)
        #expect(try await fixture.store.workout(fixture.ride) == nil)
        #expect(try await fixture.store.samples(of: fixture.ride).isEmpty)
        #expect(try await fixture.store.workout(fixture.run) != nil)
        #expect(try await fixture.store.samples(of: fixture.run).count == 600)
        #expect(try await fixture.store.programSteps(of: fixture.strength).count == 2)
        #expect(try await DeleteWorkoutPage.delete(id: "\(fixture.ride)", history: fixture.store) == .notFound)
        #expect(try await DeleteWorkoutPage.delete(id: "../\(fixture.run)", history: fixture.store) == .notFound)
        #expect(try await fixture.store.workouts(limit: 10).count == 2)
    }

    @Test func theWorkoutBeingRecordedIsNotDeleted() async throws {
        let directory = try TemporaryDirectory()
        let store = try HubStore(directory: directory.url)
        let id = try await store.startWorkout(
            at: HistoryFixture.runStart, goal: nil, simulated: false, seenAt: nil, kind: .run)
        guard case .refused(let page) = try await DeleteWorkoutPage.delete(id: "\(id)", history: store) else {
            Issue.record("the live workout was not refused")
            return
        }
        #expect(page.body.contains("still being recorded"))
        #expect(try await store.workout(id) != nil)
        let download = try await WorkoutDownload.make(id: "\(id)", format: "tcx", history: store, exporter: store)
        #expect(download != .notFound)
        if case .file = download { Issue.record("a workout being recorded was downloaded") }
    }
}
