import HubCore
import Simulator
import Testing

/// A recording with one mistake, and the line the error must point at.
struct BadRecording: Sendable, CustomTestStringConvertible {
    var name: String
    var text: String
    var line: Int?
    var problem: String
    var testDescription: String { name }

    static let all: [BadRecording] = [
        .init(
            name: "unknown column", text: "# test\nseconds,heart_rate,cadence\n0,90,160\n", line: 2,
            problem: "unknown column \"cadence\""),
        .init(
            name: "no seconds column", text: "heart_rate,latitude,longitude\n90,48.1,11.5\n", line: 1,
            problem: "\"seconds\" column"),
        .init(
            name: "too few values", text: "seconds,heart_rate\n0,90\n1\n", line: 3,
            problem: "expected 2 values, found 1"),
        .init(
            name: "too many values", text: "seconds,heart_rate\n0,90,1\n", line: 2,
            problem: "expected 2 values, found 3"),
        .init(
            name: "not a number", text: "seconds,heart_rate\n0,ninety\n", line: 2,
            problem: "heart_rate \"ninety\" is not a number"),
        .init(
            name: "fractional seconds", text: "seconds\n0\n1.5\n", line: 3,
            problem: "seconds \"1.5\" is not a whole number"),
        .init(
            name: "negative seconds", text: "seconds\n-1\n", line: 2,
            problem: "seconds \"-1\" is out of range; it must be from 0 to 86399 (a recording covers at most 24 hours)"),
        .init(
            name: "Int.max seconds", text: "seconds\n0\n9223372036854775807\n", line: 3,
            problem: "seconds \"9223372036854775807\" is out of range; it must be from 0 to 86399"),
        .init(
            name: "seconds past Int.max", text: "seconds\n99999999999999999999\n", line: 2,
            problem: "seconds \"99999999999999999999\" is out of range; it must be from 0 to 86399"),
        .init(
            name: "24 hours of seconds", text: "seconds\n0\n86400\n", line: 3,
            problem: "seconds \"86400\" is out of range"),
        .init(
            name: "steps past a million", text: "seconds,steps\n0,1000001\n", line: 2,
            problem: "steps \"1000001\" is out of range; it must be from 0 to 1000000 (a running total of steps)"),
        .init(name: "negative steps", text: "seconds,steps\n0,-5\n", line: 2, problem: "steps \"-5\" is out of range"),
        .init(
            name: "not a latitude", text: "seconds,latitude,longitude\n0,nan,11.5\n", line: 2,
            problem: "is not on Earth"),
        .init(
            name: "a column twice", text: "seconds,steps,steps\n0,1,2\n", line: 1,
            problem: "the column \"steps\" is named twice"),
        .init(
            name: "escape sequence in a cell", text: "seconds,heart_rate\n0,\u{1B}[2J\n", line: 2,
            problem: "heart_rate \"\\u{1B}[2J\" is not a number"),
        .init(
            name: "empty seconds", text: "seconds,heart_rate\n,90\n", line: 2,
            problem: "seconds must be a whole number from 0 up"),
        .init(
            name: "decreasing seconds", text: "seconds\n0\n5\n\n4\n", line: 5,
            problem: "seconds must increase (4 follows 5)"),
        .init(
            name: "repeated second", text: "seconds\n0\n0\n", line: 3, problem: "seconds must increase (0 follows 0)"),
        .init(
            name: "latitude without longitude", text: "seconds,latitude,longitude\n0,48.1,11.5\n1,48.2,\n", line: 3,
            problem: "latitude and longitude must both be given or both be empty"),
        .init(
            name: "position off the Earth", text: "seconds,latitude,longitude\n0,91,11.5\n", line: 2,
            problem: "is not on Earth"),
        .init(
            name: "heart rate too high", text: "seconds,heart_rate\n0,251\n", line: 2,
            problem: "heart_rate 251 is outside 25–250 bpm"),
        .init(
            name: "heart rate too low", text: "seconds,heart_rate\n0,24\n", line: 2,
            problem: "heart_rate 24 is outside 25–250 bpm"),
        .init(name: "empty file", text: "", line: nil, problem: "no data rows"),
        .init(
            name: "header only", text: "# nothing recorded\nseconds,heart_rate\n", line: nil, problem: "no data rows"),
    ]
}

@Suite struct RecordedTrackTests {
    @Test func parsesAGoodRecording() throws {
        let text = """
            # seconds since start, beats per minute, degrees, degrees, cumulative steps
            seconds, heart_rate, latitude, longitude, steps
            0,92,52.514500,13.350100,0

            1,,52.514509,13.350100,3
            # a second without a position
            3,95,,,\r
            """
        #expect(
            try RecordedTrack.parse(text, file: "run.csv") == [
                SimulatedSecond(offset: 0, heartRate: 92, latitude: 52.5145, longitude: 13.3501, steps: 0),
                SimulatedSecond(offset: 1, heartRate: nil, latitude: 52.514509, longitude: 13.3501, steps: 3),
                SimulatedSecond(offset: 3, heartRate: 95, latitude: nil, longitude: nil, steps: nil),
            ])
    }

    @Test func columnsMayComeInAnyOrderAndBeLeftOut() throws {
        let text = "steps,seconds\n10,0\n14,1\n"
        #expect(
            try RecordedTrack.parse(text, file: "steps.csv") == [
                SimulatedSecond(offset: 0, heartRate: nil, latitude: nil, longitude: nil, steps: 10),
                SimulatedSecond(offset: 1, heartRate: nil, latitude: nil, longitude: nil, steps: 14),
            ])
    }

    @Test(arguments: BadRecording.all)
    func aBadRecordingIsAnErrorWithItsLine(_ bad: BadRecording) throws {
        let error = try #require(throws: SimulatorError.self) { try RecordedTrack.parse(bad.text, file: "run.csv") }
        #expect(error.file == "run.csv")
        #expect(error.line == bad.line)
        #expect(error.problem.contains(bad.problem))
        #expect(error.description.hasPrefix("run.csv" + (bad.line.map { ":\($0)" } ?? "") + ": "))
    }

    @Test func aFileSavedOnWindowsParsesLikeOneSavedOnLinux() throws {
        let unix = "# recorded\nseconds,heart_rate,steps\n0,92,0\n1,93,3\n\n2,,5\n"
        let windows = unix.replacingOccurrences(of: "\n", with: "\r\n")
        #expect(windows.contains("\r\n"))
        let expected = [
            SimulatedSecond(offset: 0, heartRate: 92, latitude: nil, longitude: nil, steps: 0),
            SimulatedSecond(offset: 1, heartRate: 93, latitude: nil, longitude: nil, steps: 3),
            SimulatedSecond(offset: 2, heartRate: nil, latitude: nil, longitude: nil, steps: 5),
        ]
        #expect(try RecordedTrack.parse(unix, file: "run.csv") == expected)
        #expect(try RecordedTrack.parse(windows, file: "run.csv") == expected)
    }

    @Test func aMistakeInAWindowsFileNamesItsLine() throws {
        let error = try #require(throws: SimulatorError.self) {
            try RecordedTrack.parse("seconds,heart_rate\r\n0,90\r\n1,300\r\n", file: "run.csv")
        }
        #expect(error.line == 3)
        #expect(error.problem == "heart_rate 300 is outside 25–250 bpm")
    }

    @Test func aRecordingMayLastExactlyTwentyFourHours() throws {
        let track = try RecordedTrack.parse("seconds,steps\n0,0\n86399,1000000\n", file: "day.csv")
        #expect(
            track.last
                == SimulatedSecond(offset: 86_399, heartRate: nil, latitude: nil, longitude: nil, steps: 1_000_000))
    }
}
