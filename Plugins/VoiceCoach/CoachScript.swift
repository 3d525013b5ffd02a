import HubCore

/// What the coach says, and when: turns the workout's events into sentences.
///
/// Pure and synchronous, so that tests drive it with made-up events and instants. Which source speaks what:
///
/// - The coach's own words, from typed messages: laps (`LapCompleted`), the summary at the end
///   (`WorkoutStateChanged` to finished), goal reached (`GoalReached`), goal halfway (seen in `GoalProgress`),
///   a workout resumed after a crash (`WorkoutRecovered`), sensors lost and back (`SensorStatusChanged`), heart-rate
///   zones and the periodic updates (`WorkoutProgress`). The engine's `Announcement`s for these same events are
///   not said again (``isCoveredByCoach(_:)``).
/// - Every other `Announcement`, as written: start, pause and resume (the engine's words are the ones to say),
///   a refused command, a low strap battery, reminders, errors.
public struct CoachScript: Sendable {
    /// The settings the script follows.
    public struct Settings: Sendable {
        public var phrases: Phrases
        /// A periodic update every this much moving time; nil: never.
        public var every: Duration?
        /// A periodic update every this many metres; nil: never.
        public var everyMeters: Double?
        public var figures: [SpokenFigure]
        /// Whether other plugins' announcements are said.
        public var speaksAnnouncements: Bool

        public init(
            phrases: Phrases, every: Duration?, everyMeters: Double?, figures: [SpokenFigure],
            speaksAnnouncements: Bool = true
        ) {
            self.phrases = phrases
            self.every = every
            self.everyMeters = everyMeters
            self.figures = figures
            self.speaksAnnouncements = speaksAnnouncements
        }
    }

    public let settings: Settings
    /// Heart-rate zones, when the maximum heart rate is known and zone changes are wanted.
    public private(set) var zones: ZoneTracker?

    private var workoutID: WorkoutID?
    /// The latest progress towards the goal, of the workout it names.
    private var goal: GoalProgress?
    private var nextTimeMark: Int?
    private var nextDistanceMark: Double?

    public init(settings: Settings, zones: ZoneTracker?) {
        self.settings = settings
        self.zones = zones
    }

    private var phrases: Phrases { settings.phrases }

    /// The sentences to say about `event`, which the coach received at `instant`.
    mutating func handle(_ event: CoachEvent, at instant: HubInstant) -> [Utterance] {
        switch event {
        case .progress(let progress):
            return handle(progress, at: instant)
        case .goal(let progress):
            return handle(progress, at: instant)
        case .state(let change):
            guard change.state == .finished, let summary = change.summary else { return [] }
            workoutID = nil
            return [Utterance(summaryText(summary.totals, kind: summary.kind), priority: .important, eventAt: instant)]
        case .lap(let lap):
            let text = Phrases.sentence([
                "Lap \(lap.lap.number)", phrases.duration(seconds: lap.lap.movingSeconds),
                phrases.distance(meters: lap.lap.distanceMeters),
            ])
            return [Utterance(text, priority: .important, eventAt: instant)]
        case .goalReached(let reached):
            return [
                Utterance(
                    "Goal reached: \(phrases.goal(reached.goal)). Well done!", priority: .urgent, eventAt: instant)
            ]
        case .recovered(let recovered):
            guard recovered.outcome == .resumed else { return [] }
            let recorded = phrases.duration(seconds: recovered.workout.totals.movingSeconds)
            let gap = phrases.duration(seconds: Phrases.whole(recovered.gap.seconds))
            return [
                Utterance(
                    "Workout resumed after an interruption of \(gap). \(recorded) recorded so far.",
                    priority: .important, eventAt: instant)
            ]
        case .sensor(let change):
            return sensorText(change).map { [Utterance($0.text, priority: $0.priority, eventAt: instant)] } ?? []
        case .announcement(let announcement):
            guard settings.speaksAnnouncements, !Self.isCoveredByCoach(announcement.text) else { return [] }
            return [Utterance(announcement.text, priority: announcement.priority, eventAt: instant)]
        }
    }

    /// The engine announces these events too; the coach says them in its own words instead.
    public static func isCoveredByCoach(_ text: String) -> Bool {
        ["Lap ", "Workout finished:", "Goal reached", "Halfway to the goal", "Resumed the workout interrupted"]
            .contains { text.hasPrefix($0) }
    }

    // MARK: - Progress

    private mutating func handle(_ progress: WorkoutProgress, at instant: HubInstant) -> [Utterance] {
        let moving = progress.totals.movingSeconds
        let meters = progress.totals.distanceMeters
        if progress.workoutID != workoutID {
            // A new workout, or one resumed after a crash: updates count on from where it stands.
            workoutID = progress.workoutID
            nextTimeMark = settings.every.map { Self.mark(after: Double(moving), every: $0.seconds) }.map(Phrases.whole)
            nextDistanceMark = settings.everyMeters.map { Self.mark(after: meters, every: $0) }
            zones?.reset()
        }
        var said: [Utterance] = []
        guard progress.state == .running else { return said }

        var zoneChange: HeartRateZone?
        if let heartRate = progress.currentHeartRate {
            zoneChange = zones?.update(beatsPerMinute: heartRate, at: instant)
        }
        var due = false
        if let mark = nextTimeMark, let every = settings.every, moving >= mark {
            due = true
            nextTimeMark = Phrases.whole(Self.mark(after: Double(moving), every: every.seconds))
        }
        if let mark = nextDistanceMark, let every = settings.everyMeters, meters >= mark {
            due = true
            nextDistanceMark = Self.mark(after: meters, every: every)
        }
        if due, !settings.figures.isEmpty {
            said.append(Utterance(updateText(progress), priority: .info, eventAt: instant))
        } else if let zoneChange {
            // A periodic update says the zone itself when asked to; otherwise the change is said alone.
            said.append(
                Utterance(
                    Phrases.sentence(["Heart rate \(phrases.zone(zoneChange))"]), priority: .info, eventAt: instant))
        }
        return said
    }

    /// Halfway, when the goal's progress passes 50 %. The first progress of a workout, or of a goal set during it,
    /// only says where it stands: a goal already past halfway when it applies was not passed now.
    private mutating func handle(_ progress: GoalProgress, at instant: HubInstant) -> [Utterance] {
        defer { goal = progress }
        guard let last = goal, last.workoutID == progress.workoutID, last.goal == progress.goal,
            last.percent < 50, progress.percent >= 50, progress.percent < 100
        else { return [] }
        return [
            Utterance(
                "Halfway to your goal of \(phrases.goal(progress.goal)).", priority: .important, eventAt: instant)
        ]
    }

    /// The first multiple of `every` past `value`.
    private static func mark(after value: Double, every: Double) -> Double {
        ((value / every).rounded(.down) + 1) * every
    }

    /// The periodic update: the configured figures in order, e.g. "10 minutes, 2.1 kilometres, pace 5 minutes 30
    /// per kilometre, heart rate 142."
    func updateText(_ progress: WorkoutProgress) -> String {
        let totals = progress.totals
        let parts: [String] = settings.figures.compactMap { figure in
            switch figure {
            case .time: phrases.duration(seconds: totals.movingSeconds)
            // Left out until something measured a distance: indoors, "0 metres" is a figure never taken.
            case .distance: totals.distanceMeters > 0 ? phrases.distance(meters: totals.distanceMeters) : nil
            case .pace: phrases.howFast(metersPerSecond: progress.currentSpeedMetersPerSecond, kind: progress.kind)
            // An average of nothing measured (0 m over the moving time) is no figure: "average speed 0 kilometres
            // per hour" indoors.
            case .averagePace:
                totals.distanceMeters > 0
                    ? phrases.howFast(
                        metersPerSecond: totals.averageSpeedMetersPerSecond, average: true, kind: progress.kind) : nil
            case .heartRate: progress.currentHeartRate.map { phrases.heartRate(Double($0)) }
            case .averageHeartRate: totals.averageHeartRate.map { phrases.heartRate($0, average: true) }
            case .zone:
                (zones?.current
                    ?? progress.currentHeartRate.flatMap { hr in
                        zones.map { HeartRateZone.of(hr, maximum: $0.maximumHeartRate) }
                    }).map { "heart rate \(phrases.zone($0))" }
            case .calories: phrases.energy(kilocalories: totals.kilocalories)
            // Left out where nothing measures them: a run without a power meter says nothing of watts.
            case .power:
                (progress.threeSecondPowerWatts ?? progress.currentPowerWatts.map(Double.init)).map {
                    phrases.power($0)
                }
            case .cadence: progress.currentCadence.map { "cadence \($0)" }
            // The goal's figure of the same workout (the goals plugin publishes it right after each second).
            case .goal: goal.flatMap { $0.workoutID == progress.workoutID ? "goal \($0.percent) percent" : nil }
            }
        }
        return Phrases.sentence(parts)
    }

    // MARK: - Summary and sensors

    /// "Workout finished. 32 minutes 10 seconds, 5.2 kilometres, average pace 6 minutes 11 per kilometre,
    /// average heart rate 142, 380 kilocalories."; a ride says its speed and power, a row its split.
    func summaryText(_ totals: WorkoutTotals, kind: WorkoutKind = .default) -> String {
        var parts = [phrases.duration(seconds: totals.movingSeconds)]
        if totals.distanceMeters > 0 {
            parts.append(phrases.distance(meters: totals.distanceMeters))
            if let fast = phrases.howFast(
                metersPerSecond: totals.averageSpeedMetersPerSecond, average: true, kind: kind)
            {
                parts.append(fast)
            }
        }
        if let power = totals.averagePower { parts.append(phrases.power(power, average: true)) }
        if let heartRate = totals.averageHeartRate { parts.append(phrases.heartRate(heartRate, average: true)) }
        parts.append(phrases.energy(kilocalories: totals.kilocalories))
        return "Workout finished. " + Phrases.sentence(parts)
    }

    private func sensorText(_ change: SensorStatusChanged) -> (text: String, priority: Announcement.Priority)? {
        let name =
            switch change.sensor {
            case .heartRate: "Heart rate"
            case .location: "GPS"
            default: change.sensor.rawValue.prefix(1).uppercased() + change.sensor.rawValue.dropFirst() + " sensor"
            }
        switch change.status {
        case .lost: return ("\(name) signal lost.", .important)
        case .restored: return ("\(name) signal back.", .info)
        default: return nil
        }
    }
}
