import Foundation
import HubTestKit
import Testing
import WorkoutFiles

@Suite struct ActivityFileReaderTests {
    @Test func readsAGPXTrackWithHeartRateCadenceAndElevation() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("ride.gpx", SampleFiles.gpx(seconds: 120))
        let activity = try ActivityFileReader.read(path: path)
        #expect(activity.format == .gpx)
        #expect(activity.points.count == 120)
        #expect(activity.name == "Morning & ride")
        #expect(activity.sport == .biking)
        let first = try #require(activity.points.first)
        #expect(first.time == SampleFiles.start)
        #expect(first.heartRate == 120)
        #expect(first.cadence == 80)
        #expect(first.altitudeMeters == 500)
        #expect(first.latitude == 48.0)
        #expect(activity.points[119].time == SampleFiles.start.addingTimeInterval(119))
        #expect(activity.segmentStarts.isEmpty)
    }

    @Test func readsTheSegmentsOfAGPXTrack() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write(
            "ride.gpx", SampleFiles.gpx(seconds: 60, gap: (after: 30, seconds: 100), segments: true))
        let activity = try ActivityFileReader.read(path: path)
        #expect(activity.segmentStarts == [30])
    }

    @Test func readsATCXActivityWithItsLapsDistanceAndCalories() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("run.tcx", SampleFiles.tcx(laps: 3, secondsPerLap: 40))
        let activity = try ActivityFileReader.read(path: path)
        #expect(activity.format == .tcx)
        #expect(activity.sport == .running)
        #expect(activity.points.count == 120)
        #expect(activity.laps.map(\.firstPoint) == [0, 40, 80])
        #expect(activity.laps.map(\.distanceMeters) == [100, 100, 100])
        #expect(activity.laps.map(\.kilocalories) == [50, 50, 50])
        #expect(activity.points[0].distanceMeters == 2.5)
        #expect(activity.points[0].cadence == 85)
        #expect(activity.points[0].heartRate == 140)
        #expect(activity.points[0].hasPosition)
        #expect(!activity.points[119].hasPosition)
    }

    @Test func dropsPointsThatRepeatTheTimeBeforeThem() throws {
        let directory = try TemporaryDirectory()
        let text = SampleFiles.gpx(seconds: 3).replacingOccurrences(
            of: SampleFiles.time(1), with: SampleFiles.time(0))
        let activity = try ActivityFileReader.read(path: try directory.write("ride.gpx", text))
        #expect(activity.points.count == 2)
        #expect(activity.repeatedTimes == 1)
    }

    @Test func leavesOutAPointOutOfTimeOrderCountsItAndReadsTheRest() throws {
        // A Fenix 2 multisport file has two such points among 24,000, each a second before the point it follows.
        let directory = try TemporaryDirectory()
        let lines = SampleFiles.gpx(seconds: 60).components(separatedBy: "\n")
        var copy = lines
        // Line 9 is the fifth point (4 s): stamped 2 s, before the point it follows.
        copy[8] = copy[8].replacingOccurrences(of: SampleFiles.time(4), with: SampleFiles.time(2))
        let activity = try ActivityFileReader.read(path: try directory.write("ride.gpx", copy.joined(separator: "\n")))
        #expect(activity.outOfOrderTimes == 1)
        #expect(activity.points.count == 59)
        #expect(activity.points.map(\.time) == activity.points.map(\.time).sorted())
        #expect(!activity.points.contains { $0.time == SampleFiles.start.addingTimeInterval(4) })
    }

    /// A bad file and what its error must say: the line (nil: none) and words of the problem.
    struct BadFile: Sendable, CustomTestStringConvertible {
        var name: String
        var text: String
        var line: Int?
        var words: String
        var testDescription: String { name }
    }

    static let badFiles: [BadFile] = {
        let good = SampleFiles.gpx(seconds: 5)
        let lines = good.components(separatedBy: "\n")
        let long = SampleFiles.gpx(seconds: 30).components(separatedBy: "\n")
        // Line 5 is the first trkpt, line 9 the last.
        func replacing(line number: Int, _ old: String, _ new: String) -> String {
            var copy = lines
            copy[number - 1] = copy[number - 1].replacingOccurrences(of: old, with: new)
            return copy.joined(separator: "\n")
        }
        return [
            BadFile(name: "not XML", text: "seconds,heart_rate\n0,120\n", line: 1, words: "not an XML file"),
            BadFile(
                name: "cut short", text: lines.prefix(7).joined(separator: "\n") + "\n<trkpt lat=\"48\"", line: 8,
                words: "not well-formed XML"),
            BadFile(
                name: "no points", text: "<gpx xmlns=\"http://www.topografix.com/GPX/1/1\"><trk/></gpx>", line: nil,
                words: "no track points"),
            BadFile(
                // Every point after the first goes back: not a recorder's slip but no one recording in order.
                name: "time going backwards throughout",
                text: (long.prefix(4) + long[4..<34].reversed() + long.dropFirst(34)).joined(separator: "\n"),
                line: 6, words: "the time goes backwards at 29 points"),
            BadFile(
                name: "latitude off the Earth", text: replacing(line: 6, "lat=\"48.0000300\"", "lat=\"91.5\""), line: 6,
                words: "is not on Earth"),
            BadFile(
                name: "longitude not a number", text: replacing(line: 7, "lon=\"11.5\"", "lon=\"east\""), line: 7,
                words: "is not a number"),
            BadFile(
                name: "heart rate of 300",
                text: replacing(line: 9, "<gpxtpx:hr>124</gpxtpx:hr>", "<gpxtpx:hr>300</gpxtpx:hr>"),
                line: 9, words: "heart rate 300"),
            BadFile(
                name: "heart rate of 24, below a person's",
                text: replacing(line: 9, "<gpxtpx:hr>124</gpxtpx:hr>", "<gpxtpx:hr>24</gpxtpx:hr>"),
                line: 9, words: "heart rate 24 is outside 25–250 bpm"),
            BadFile(
                name: "point without a time", text: replacing(line: 5, "<time>\(SampleFiles.time(0))</time>", ""),
                line: 5, words: "without a <time>"),
            BadFile(
                name: "another kind of XML", text: "<?xml version=\"1.0\"?>\n<kml><Document/></kml>\n", line: 2,
                words: "neither GPX nor TCX"),
        ]
    }()

    @Test(arguments: badFiles)
    func refusesABadFileNamingItsLine(_ bad: BadFile) throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("bad.gpx", bad.text)
        let error = try #require(throws: WorkoutFileError.self) { try ActivityFileReader.read(path: path) }
        #expect(error.file == path)
        #expect(error.line == bad.line, "\(error)")
        #expect(error.problem.contains(bad.words), "\(error)")
    }

    /// The sample's day (every point is on it) moved to `day`.
    static func gpx(on day: String) -> String {
        SampleFiles.gpx(seconds: 5).replacingOccurrences(of: String(SampleFiles.time(0).prefix(10)), with: day)
    }

    /// `yyyy-MM-dd` of a day `days` from now, in UTC.
    static func day(fromNow days: Double) -> String {
        String(ISO8601DateFormatter().string(from: Date().addingTimeInterval(days * 86_400)).prefix(10))
    }

    @Test(arguments: [
        ("9999-12-31", "more than a day after today"), ("0001-01-01", "before 1990"), ("1989-12-31", "before 1990"),
        (day(fromNow: 2), "more than a day after today"),
    ])
    func refusesATimeBefore1990OrMoreThanADayAheadNamingTheFileAndTheDate(day: String, words: String) throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("ride.gpx", Self.gpx(on: day))
        let error = try #require(throws: WorkoutFileError.self) { try ActivityFileReader.read(path: path) }
        #expect(error.file == path)
        #expect(error.line != nil, "\(error)")
        #expect(error.problem.contains("the time \(day)T"), "\(error)")
        #expect(error.problem.contains(words), "\(error)")
        #expect(error.description.hasPrefix(path + ":"), "the message names the file: \(error)")
    }

    @Test(arguments: ["1990-01-01", day(fromNow: 0)])
    func acceptsTimesFrom1990ToToday(day: String) throws {
        let directory = try TemporaryDirectory()
        let activity = try ActivityFileReader.read(path: try directory.write("ride.gpx", Self.gpx(on: day)))
        #expect(activity.points.count == 5)
    }

    @Test func acceptsARecorderCorrectingItsDistanceByAMetre() throws {
        let directory = try TemporaryDirectory()
        // 10.0 m at the fourth point, then 8.6 m: as an Edge 305 corrects its running distance at a stop.
        let text = SampleFiles.tcx(laps: 2, secondsPerLap: 20).replacingOccurrences(
            of: "<DistanceMeters>12.5</DistanceMeters>", with: "<DistanceMeters>8.6</DistanceMeters>")
        let activity = try ActivityFileReader.read(path: try directory.write("ride.tcx", text))
        #expect(activity.points.count == 40)
        #expect(activity.points[4].distanceMeters == 8.6)
    }

    @Test func readsFITsNoValueHeartRateAsNoReading() throws {
        let directory = try TemporaryDirectory()
        let text = SampleFiles.tcx(laps: 1, secondsPerLap: 20).replacingOccurrences(
            of: "<Value>140</Value>", with: "<Value>255</Value>")
        let activity = try ActivityFileReader.read(path: try directory.write("run.tcx", text))
        #expect(activity.points.count == 20)
        #expect(activity.points.allSatisfy { $0.heartRate == nil })
    }

    @Test func refusesARunningDistanceThatGoesBackFurther() throws {
        let directory = try TemporaryDirectory()
        let text = SampleFiles.tcx(laps: 2, secondsPerLap: 20).replacingOccurrences(
            of: "<DistanceMeters>25.0</DistanceMeters>", with: "<DistanceMeters>1.0</DistanceMeters>")
        let path = try directory.write("ride.tcx", text)
        let error = try #require(throws: WorkoutFileError.self) { try ActivityFileReader.read(path: path) }
        #expect(error.problem.contains("the distance goes down (1.0 m follows 22.5 m)"), "\(error)")
    }

    @Test func refusesAMissingFile() throws {
        let error = try #require(throws: WorkoutFileError.self) {
            try ActivityFileReader.read(path: "/nonexistent/ride.gpx")
        }
        #expect(error.description == "/nonexistent/ride.gpx: no such file")
    }

    @Test(.timeLimit(.minutes(5))) func refusesAFIFOWithoutWaitingForIt() throws {
        let directory = try TemporaryDirectory()
        let path = directory.url.appendingPathComponent("ride.gpx").path
        try #require(mkfifo(path, 0o600) == 0)
        let error = try #require(throws: WorkoutFileError.self) { try ActivityFileReader.read(path: path) }
        #expect(error.description == "\(path): is a FIFO (named pipe), not a regular file")
    }

    @Test func readsTheFileASymbolicLinkNames() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("ride.gpx", SampleFiles.gpx(seconds: 30))
        let link = directory.url.appendingPathComponent("latest.gpx").path
        try #require(symlink(path, link) == 0)
        #expect(try ActivityFileReader.read(path: link).points.count == 30)
    }
}
