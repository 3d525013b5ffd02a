import Foundation
import HubCore

/// One Server-Sent Event for the live page: its name (`progress`, `state` …) and its JSON data, on one line.
struct LiveEvent: Sendable, Equatable {
    var name: String
    var json: String

    /// As it goes on the wire: `event: progress`, `data: {…}`, and the blank line that ends it.
    var wireText: String { "event: \(name)\ndata: \(json)\n\n" }

    /// Told once at the start of a stream: how long the browser waits before it reconnects after losing it.
    static let retryText = "retry: 3000\n\n"
    /// A comment line: keeps a proxy from closing a stream that has been quiet, and shows nothing.
    static let pingText = ": ping\n\n"

    init(name: String, json: String) {
        self.name = name
        self.json = json
    }

    init(name: String, payload: some Encodable) {
        self.name = name
        // Sorted keys: the same figures give the same text, which the tests compare. Encoding these plain structs
        // of strings and numbers cannot fail; an empty object would be shown as nothing.
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        json = (try? encoder.encode(payload)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}

// MARK: - The bus's messages as events

extension LiveEvent {
    /// A workout's second, in the console's words: "12:34", "2.41 km", "5:12 /km" on foot or "31.2 km/h" on a bike.
    ///
    /// - Parameter maximumHeartRate: the person's, for the zone (1 very light … 5 maximum); nil: no zone.
    static func progress(_ progress: WorkoutProgress, maximumHeartRate: Double?) -> LiveEvent {
        struct Payload: Encodable {
            var state: String
            var kind: String
            var time: String
            var movingSeconds: Int
            var autoPaused: Bool
            var distance: String?
            var howFast: String?
            var howFastLabel: String?
            var heartRate: Int?
            var zone: Int?
            var zoneName: String?
            var cadence: String?
            var power: String?
            var energy: String
            var steps: String?
        }
        let kind = progress.kind
        // Distance and pace only where something measures them, as the console: not "0 m  –:– /km" indoors.
        let distance = Format.measuredDistance(meters: progress.totals.distanceMeters)
        let moves = distance != nil && kind.movement != .inPlace
        let watts = progress.threeSecondPowerWatts ?? progress.currentPowerWatts.map(Double.init)
        let zone = zone(of: progress.currentHeartRate, maximum: maximumHeartRate)
        return LiveEvent(
            name: "progress",
            payload: Payload(
                state: progress.state.rawValue, kind: kind.name, time: Format.clock(progress.moving),
                movingSeconds: Int(progress.moving.components.seconds), autoPaused: progress.isAutoPaused,
                distance: distance,
                howFast: moves
                    ? Format.howFast(metersPerSecond: progress.currentSpeedMetersPerSecond, kind: kind) : nil,
                howFastLabel: moves ? (kind.movement == .wheels ? "Speed" : "Pace") : nil,
                heartRate: progress.currentHeartRate, zone: zone,
                zoneName: zone.map { HeartRateZoneScale.names[$0 - 1] },
                cadence: progress.currentCadence.map { "\($0) \(Format.cadenceUnit(of: kind))" },
                power: watts.map { "\(Format.wholeNumber($0.rounded())) W" },
                energy: Format.energy(kilocalories: progress.totals.kilocalories),
                steps: progress.totals.steps.map { Format.counted($0, "step") }))
    }

    /// The zone (1 to 5) a heart rate is in, by the shares of the maximum the hub uses everywhere.
    static func zone(of heartRate: Int?, maximum: Double?) -> Int? {
        guard let heartRate, let maximum, maximum > 0 else { return nil }
        let share = Double(heartRate) / maximum
        guard share >= HeartRateZoneScale.lowerShares[0] else { return nil }
        return HeartRateZoneScale.lowerShares.lastIndex { share >= $0 }.map { $0 + 1 }
    }

    static func state(_ change: WorkoutStateChanged) -> LiveEvent {
        struct Payload: Encodable { var state: String }
        return LiveEvent(name: "state", payload: Payload(state: change.state.rawValue))
    }

    static func goal(_ goal: GoalProgress) -> LiveEvent {
        struct Payload: Encodable { var percent: Int }
        return LiveEvent(name: "goal", payload: Payload(percent: goal.percent))
    }

    /// The program's step: "Interval 3 of 8: 400 metres", its place, and its length when it ends by time.
    ///
    /// - Parameter startedAtSeconds: the workout's moving time when it started, from which the page counts down
    ///   (a page opened halfway through the step counts from there too).
    static func step(_ step: ProgramStepStarted, startedAtSeconds: Int) -> LiveEvent {
        struct Payload: Encodable {
            var program: String
            var number: Int
            var count: Int
            var text: String
            var lengthSeconds: Int?
            var startedAtSeconds: Int
        }
        return LiveEvent(
            name: "step",
            payload: Payload(
                program: step.program, number: step.number, count: step.count, text: step.text,
                lengthSeconds: step.length.map { Int($0.components.seconds) }, startedAtSeconds: startedAtSeconds))
    }

    /// The program under way ended: its step tile empties.
    static func programFinished(_ finished: ProgramFinished) -> LiveEvent {
        struct Payload: Encodable { var program: String }
        return LiveEvent(name: "program-finished", payload: Payload(program: finished.program))
    }

    /// What the music is doing, or nil for a change the page does not show (a file skipped, a shuffle).
    static func music(_ change: AudioStatusChanged) -> LiveEvent? {
        struct Payload: Encodable { var text: String }
        let text: String
        switch change.status {
        case .nowPlaying(let title, let artist): text = artist.map { "\(title) · \($0)" } ?? title
        case .paused: text = "Paused"
        case .stopped, .emptyPlaylist, .deviceFailed: text = ""
        case .skipped, .shuffled: return nil
        }
        return LiveEvent(name: "music", payload: Payload(text: text))
    }

    /// Whose workout it is, from the people plugin's part of "status now" ("for Sam"); nil for other parts.
    static func person(_ part: StatusPart) -> LiveEvent? {
        guard part.source == "person" else { return nil }
        struct Payload: Encodable { var name: String }
        let words = part.stale
        return LiveEvent(
            name: "person", payload: Payload(name: words.hasPrefix("for ") ? String(words.dropFirst(4)) : words))
    }

    /// What the hub said (an announcement), shown for a few seconds.
    static func said(_ announcement: Announcement) -> LiveEvent {
        struct Payload: Encodable { var text: String }
        return LiveEvent(name: "said", payload: Payload(text: announcement.text))
    }
}
