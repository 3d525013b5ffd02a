import Foundation
import HubCore
import Testing

@testable import Web

/// Each bus message as the live page's Server-Sent Event, in the console's words.
@Suite struct LiveEventTests {
    static func progress(kind: WorkoutKind = .run, heartRate: Int? = 142) -> WorkoutProgress {
        var totals = WorkoutTotals()
        totals.distanceMeters = 2_410
        totals.kilocalories = 183.4
        return WorkoutProgress(
            workoutID: 7, state: .running, elapsed: .seconds(800), moving: .seconds(754), totals: totals,
            currentSpeedMetersPerSecond: 1000.0 / 312, currentHeartRate: heartRate,
            at: HubInstant(sinceOrigin: .seconds(800)), kind: kind, currentCadence: 172)
    }

    @Test func aRunsSecondHasItsPaceHeartRateZoneAndEnergy() {
        let event = LiveEvent.progress(Self.progress(), maximumHeartRate: 190)
        #expect(event.name == "progress")
        #expect(
            event.json
                == #"{"autoPaused":false,"cadence":"172 steps/min","distance":"2.41 km","energy":"183 kcal","#
                + #""heartRate":142,"howFast":"5:12 /km","howFastLabel":"Pace","kind":"Run","movingSeconds":754,"#
                + #""state":"running","time":"12:34","zone":3,"zoneName":"moderate"}"#)
    }

    @Test func aRideHasItsSpeed() {
        let event = LiveEvent.progress(Self.progress(kind: .ride, heartRate: nil), maximumHeartRate: nil)
        #expect(event.json.contains(#""howFast":"11.5 km/h","howFastLabel":"Speed""#))
        #expect(!event.json.contains("heartRate") && !event.json.contains("zone"))
    }

    @Test func indoorsWithoutADistanceThereIsNoDistanceNorPace() {
        var progress = Self.progress(kind: .indoorRide)
        progress.totals.distanceMeters = 0
        progress.currentPowerWatts = 212
        let event = LiveEvent.progress(progress, maximumHeartRate: nil)
        #expect(!event.json.contains("distance") && !event.json.contains("howFast"))
        #expect(event.json.contains(#""power":"212 W""#))
    }

    @Test(arguments: [(80, nil), (95, 1), (114, 2), (133, 3), (152, 4), (171, 5), (200, 5)] as [(Int, Int?)])
    func theZoneIsTheShareOfTheMaximum(heartRate: Int, zone: Int?) {
        #expect(LiveEvent.zone(of: heartRate, maximum: 190) == zone)
    }

    @Test func onTheWireAnEventIsItsNameItsDataAndABlankLine() {
        let event = LiveEvent.state(WorkoutStateChanged(workoutID: 7, state: .paused, previous: .running))
        #expect(event.wireText == "event: state\ndata: {\"state\":\"paused\"}\n\n")
        #expect(LiveEvent.retryText.hasPrefix("retry: "))
        #expect(LiveEvent.pingText.hasPrefix(":"))
    }

    @Test func goalStepAndProgramFinished() {
        let goal = GoalProgress(workoutID: 7, goal: Goal(kind: .distance, target: 5000), value: 2_410)
        #expect(LiveEvent.goal(goal).wireText == "event: goal\ndata: {\"percent\":48}\n\n")
        let step = ProgramStepStarted(
            program: "8 x 400", number: 3, count: 16, text: "Interval 2 of 8: 400 metres", length: .seconds(90))
        #expect(
            LiveEvent.step(step, startedAtSeconds: 600).json
                == #"{"count":16,"lengthSeconds":90,"number":3,"program":"8 x 400","startedAtSeconds":600,"#
                + #""text":"Interval 2 of 8: 400 metres"}"#)
        #expect(LiveEvent.programFinished(ProgramFinished(program: "8 x 400")).name == "program-finished")
    }

    @Test func musicPersonAndWhatWasSaid() {
        #expect(
            LiveEvent.music(AudioStatusChanged(.nowPlaying(title: "Song", artist: "Band")))?.json
                == #"{"text":"Song · Band"}"#)
        #expect(LiveEvent.music(AudioStatusChanged(.paused))?.json == #"{"text":"Paused"}"#)
        #expect(LiveEvent.music(AudioStatusChanged(.shuffled)) == nil)
        let person = StatusPart(source: "person", place: 1000, fresh: "", stale: "for Sam", freshUntil: nil)
        #expect(LiveEvent.person(person)?.json == #"{"name":"Sam"}"#)
        let other = StatusPart(source: "calories", place: 900, fresh: "", stale: "640 left", freshUntil: nil)
        #expect(LiveEvent.person(other) == nil)
        #expect(LiveEvent.said(Announcement("Workout paused.")).json == #"{"text":"Workout paused."}"#)
    }

    @Test func textThatCouldEndTheLineIsEscaped() {
        let event = LiveEvent.said(Announcement("two\nlines \"quoted\" </script>"))
        // One line of data: a raw line break would end the event's data there.
        #expect(!event.json.contains("\n"))
        #expect(event.json == #"{"text":"two\nlines \"quoted\" </script>"}"#)
    }
}

/// The hand-written event data is Foundation's JSON, character for character.
@Suite struct JSONFieldsTests {
    struct Sample: Encodable {
        var text: String
        var number: Int?
        var flag: Bool
        var absent: String?
    }

    /// Every ASCII character, some beyond it (a line separator, an emoji, a combining accent) and hostile text.
    static let texts: [String] =
        (0..<128).map { String(UnicodeScalar(UInt8($0))) } + [
            "\u{2028}\u{2029}", "🏃‍♀️ 5 km", "e\u{301}", "</script><script>alert(1)</script>", "a\\\"b", "/path/",
            "tab\there\r\nline\u{7F}\u{0}", "",
        ]

    @Test(arguments: texts)
    func eachStringIsWhatJSONEncoderWrites(text: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let expected = String(decoding: try encoder.encode(Sample(text: text, number: -42, flag: true)), as: UTF8.self)
        var fields = JSONFields()
        fields.add("text", text)
        fields.add("number", -42)
        fields.add("flag", true)
        fields.add("absent", nil as String?)
        #expect(fields.text == expected)
        #expect(!fields.text.contains("\n") && !fields.text.contains("\r"), "one line of data")
        // And it reads back as the same text.
        let object = try JSONSerialization.jsonObject(with: Data(fields.text.utf8)) as? [String: Any]
        #expect(object?["text"] as? String == text)
    }
}
