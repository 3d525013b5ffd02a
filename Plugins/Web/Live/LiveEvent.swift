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

    /// Sorted keys: the same figures give the same text, which the tests compare.
    init(name: String, fields: JSONFields) {
        self.name = name
        json = fields.text
    }

    /// An event whose data is one string, `{"key":"value"}`.
    init(name: String, _ key: String, _ value: String) {
        var fields = JSONFields()
        fields.add(key, value)
        self.init(name: name, fields: fields)
    }
}

// MARK: - The bus's messages as events

extension LiveEvent {
    /// A workout's second, in the console's words: "12:34", "2.41 km", "5:12 /km" on foot or "31.2 km/h" on a bike.
    ///
    /// - Parameter maximumHeartRate: the person's, for the zone (1 very light … 5 maximum); nil: no zone.
    static func progress(_ progress: WorkoutProgress, maximumHeartRate: Double?) -> LiveEvent {
        let kind = progress.kind
        // Distance and pace only where something measures them, as the console: not "0 m  –:– /km" indoors.
        let distance = Format.measuredDistance(meters: progress.totals.distanceMeters)
        let moves = distance != nil && kind.movement != .inPlace
        let watts = progress.threeSecondPowerWatts ?? progress.currentPowerWatts.map(Double.init)
        let zone = zone(of: progress.currentHeartRate, maximum: maximumHeartRate)
        var fields = JSONFields()
        fields.add("state", progress.state.rawValue)
        fields.add("kind", kind.name)
        fields.add("time", Format.clock(progress.moving))
        fields.add("movingSeconds", Int(progress.moving.components.seconds))
        fields.add("autoPaused", progress.isAutoPaused)
        fields.add("distance", distance)
        if moves {
            fields.add("howFast", Format.howFast(metersPerSecond: progress.currentSpeedMetersPerSecond, kind: kind))
            fields.add("howFastLabel", kind.movement == .wheels ? "Speed" : "Pace")
        }
        fields.add("heartRate", progress.currentHeartRate)
        fields.add("zone", zone)
        fields.add("zoneName", zone.map { HeartRateZoneScale.names[$0 - 1] })
        fields.add("cadence", progress.currentCadence.map { "\($0) \(Format.cadenceUnit(of: kind))" })
        fields.add("power", watts.map { "\(Format.wholeNumber($0.rounded())) W" })
        fields.add("energy", Format.energy(kilocalories: progress.totals.kilocalories))
        fields.add("steps", progress.totals.steps.map { Format.counted($0, "step") })
        return LiveEvent(name: "progress", fields: fields)
    }

    /// The zone (1 to 5) a heart rate is in, by the shares of the maximum the hub uses everywhere.
    static func zone(of heartRate: Int?, maximum: Double?) -> Int? {
        guard let heartRate, let maximum, maximum > 0 else { return nil }
        let share = Double(heartRate) / maximum
        guard share >= HeartRateZoneScale.lowerShares[0] else { return nil }
        return HeartRateZoneScale.lowerShares.lastIndex { share >= $0 }.map { $0 + 1 }
    }

    static func state(_ change: WorkoutStateChanged) -> LiveEvent {
        LiveEvent(name: "state", "state", change.state.rawValue)
    }

    static func goal(_ goal: GoalProgress) -> LiveEvent {
        var fields = JSONFields()
        fields.add("percent", goal.percent)
        return LiveEvent(name: "goal", fields: fields)
    }

    /// The program's step: "Interval 3 of 8: 400 metres", its place, and its length when it ends by time.
    ///
    /// - Parameter startedAtSeconds: the workout's moving time when it started, from which the page counts down
    ///   (a page opened halfway through the step counts from there too).
    static func step(_ step: ProgramStepStarted, startedAtSeconds: Int) -> LiveEvent {
        var fields = JSONFields()
        fields.add("program", step.program)
        fields.add("number", step.number)
        fields.add("count", step.count)
        fields.add("text", step.text)
        fields.add("lengthSeconds", step.length.map { Int($0.components.seconds) })
        fields.add("startedAtSeconds", startedAtSeconds)
        return LiveEvent(name: "step", fields: fields)
    }

    /// The program under way ended: its step tile empties.
    static func programFinished(_ finished: ProgramFinished) -> LiveEvent {
        LiveEvent(name: "program-finished", "program", finished.program)
    }

    /// What the music is doing, or nil for a change the page does not show (a file skipped, a shuffle).
    static func music(_ change: AudioStatusChanged) -> LiveEvent? {
        let text: String
        switch change.status {
        case .nowPlaying(let title, let artist): text = artist.map { "\(title) · \($0)" } ?? title
        case .paused: text = "Paused"
        case .stopped, .emptyPlaylist, .deviceFailed: text = ""
        case .skipped, .shuffled: return nil
        }
        return LiveEvent(name: "music", "text", text)
    }

    /// Whose workout it is, from the people plugin's part of "status now" ("for Sam"); nil for other parts.
    static func person(_ part: StatusPart) -> LiveEvent? {
        guard part.source == "person" else { return nil }
        let words = part.stale
        return LiveEvent(name: "person", "name", words.hasPrefix("for ") ? String(words.dropFirst(4)) : words)
    }

    /// What the hub said (an announcement), shown for a few seconds.
    static func said(_ announcement: Announcement) -> LiveEvent {
        LiveEvent(name: "said", "text", announcement.text)
    }
}
