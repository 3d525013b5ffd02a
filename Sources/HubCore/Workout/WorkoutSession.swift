import Foundation
import Records

/// One workout under way: its totals so far, its laps, and the sensor data of the current second.
struct WorkoutSession {
    /// A fix implying more than this speed since the last one is a GPS glitch: dropped and counted.
    static let maximumPlausibleSpeed = 50.0
    /// A fix whose receiver says it may be off by more than this is no use for distance: it is dropped and counted.
    static let maximumUsableAccuracyMeters = 50.0

    let id: WorkoutID
    /// Wall-clock label of the start, as stored.
    let startedAt: Date
    let kind: WorkoutKind
    /// Recorded from simulated sensors or on a sped-up clock; stored once it becomes true.
    var isSimulated = false
    var metrics = WorkoutMetrics()
    var lapCount = 0
    var lapStart: (movingSeconds: Int, distanceMeters: Double) = (0, 0)
    /// The power and cadence sums when the current lap began, for its averages.
    private var lapStartSums = LapSums()
    private(set) var rejectedFixes = 0
    /// When the latest second was closed, or the workout started or resumed since, on the monotonic clock.
    var lastSecondClosedAt: HubInstant
    /// Elapsed time (pauses included) at `elapsedAnchor`: zero at the start, the time before a crash when resumed.
    private var elapsedBase: Duration = .zero
    private var elapsedAnchor: HubInstant
    /// The latest fix received, accepted or not, with when it arrived: a jump is judged against it.
    private var lastFix: (fix: PositionMeasured, receivedAt: HubInstant)?
    private var lastFixRejected = false
    private var fixInThisSecond: PositionMeasured?
    private var distanceInThisSecond = 0.0
    /// Speed between the last two accepted fixes (distance over the time between them).
    private var speedInThisSecond: Double?
    /// The step counter's total when the workout (or its latest resume) first saw it: steps count from there.
    private var stepsBaseline: Int?
    /// Steps counted before a crash, carried into a resumed workout.
    private var stepsBefore = 0

    init(id: WorkoutID, startedAt: Date, at instant: HubInstant, kind: WorkoutKind = .default) {
        self.kind = kind
        self.id = id
        self.startedAt = startedAt
        lastSecondClosedAt = instant
        elapsedAnchor = instant
    }

    /// True when half a second or more has passed since the last closed second, or a position fix is waiting:
    /// the workout's final, partial second is worth recording when it stops.
    func hasUnrecordedTime(at instant: HubInstant) -> Bool {
        fixInThisSecond != nil || instant - lastSecondClosedAt >= .milliseconds(500)
    }

    /// Time since the start, pauses included, measured on the monotonic clock.
    func elapsed(at instant: HubInstant) -> Duration { elapsedBase + (instant - elapsedAnchor) }

    /// Picks up a workout from its stored seconds and laps (after a crash).
    ///
    /// - Parameter elapsedBefore: the workout's elapsed time when the hub came back (the time away included).
    init(
        resuming workout: Workout, samples: [WorkoutSample], laps: [WorkoutLap], at instant: HubInstant,
        elapsedBefore: Duration
    ) {
        self.init(id: workout.id, startedAt: workout.startedAt, at: instant, kind: workout.kind)
        elapsedBase = elapsedBefore
        isSimulated = workout.isSimulated
        metrics = WorkoutMetrics(restoring: samples)
        lapCount = laps.count
        lapStart = (
            laps.reduce(0) { $0 + $1.movingSeconds }, laps.reduce(0) { $0 + $1.distanceMeters }
        )
        stepsBefore = samples.last?.steps ?? 0
        for sample in samples where sample.second <= lapStart.movingSeconds {
            lapStartSums.add(powerWatts: sample.powerWatts, cadence: sample.cadence)
        }
    }

    /// Adds a position fix received at `instant` while running; returns false for an implausible jump.
    ///
    /// A jump is never counted as distance: the fix after it starts a new segment when it is plausible
    /// relative to the jumped-to place (the receiver really moved, or a recording started over), and the
    /// track carries on from there.
    mutating func add(_ fix: PositionMeasured, receivedAt instant: HubInstant, speed: Double) -> Bool {
        // Before `lastFix` moves: a fix this vague would drag the track tens of metres sideways and back.
        if let accuracy = fix.horizontalAccuracyMeters, !(accuracy <= Self.maximumUsableAccuracyMeters) {
            rejectedFixes += 1
            return false
        }
        defer { lastFix = (fix, instant) }
        guard let (last, lastReceivedAt) = lastFix else {
            fixInThisSecond = fix
            return true
        }
        guard fix.timestamp != last.timestamp else { return false }  // a repeated fix adds nothing
        let seconds = Self.interval(
            stamped: fix.timestamp.timeIntervalSince(last.timestamp), arrived: (instant - lastReceivedAt).seconds,
            speed: speed)
        guard seconds > 0 else { return false }
        let meters = Geo.distanceMeters(
            fromLatitude: last.latitude, longitude: last.longitude, toLatitude: fix.latitude, longitude: fix.longitude)
        guard meters / seconds <= Self.maximumPlausibleSpeed else {
            rejectedFixes += 1
            lastFixRejected = true
            return false
        }
        if lastFixRejected {
            // `last` was the jump: start the new segment there, without the jump's distance.
            lastFixRejected = false
        }
        distanceInThisSecond += meters
        speedInThisSecond = meters / seconds
        fixInThisSecond = fix
        return true
    }

    /// A step counter's total arrived while running. The first one is the baseline, even when several arrive before
    /// a second closes (a busy machine bunches them): the steps between them were taken during the workout.
    mutating func stepsCounted(total: Int) {
        if stepsBaseline == nil { stepsBaseline = total }
    }

    /// Steps count again after a pause from `total`, the counter's last total seen during the pause (nil: from the
    /// first one after it).
    mutating func resumeSteps(from total: Int?) {
        stepsBaseline = total
    }

    /// Forgets the last fix, the step counter's baseline and the run of heart beats, so that distance walked,
    /// steps taken and beats during a pause are not counted.
    mutating func breakTrack() {
        metrics.breakHeartRateSequence()
        lastFix = nil
        lastFixRejected = false
        fixInThisSecond = nil
        distanceInThisSecond = 0
        speedInThisSecond = nil
        stepsBefore = metrics.steps ?? stepsBefore
        stepsBaseline = nil
    }

    /// The time between two fixes: the receiver's own timestamps (GPS time, free of delivery jitter) unless they
    /// disagree with when the fixes arrived by more than delivery can explain — a wall clock that stepped, in a
    /// source that stamps fixes with it — and then the arrival times, which never jump.
    static func interval(stamped: TimeInterval, arrived: TimeInterval, speed: Double) -> TimeInterval {
        let tolerance = 2 + 0.05 * speed  // seconds of hub time; delivery at --speed 60 jitters by whole hub seconds
        return stamped > 0 && abs(stamped - arrived) <= tolerance ? stamped : arrived
    }

    /// What the GPS track gives the second under way: its speed (nil without a fix) and the metres covered.
    ///
    /// The receiver's own speed when it gives one; else distance over the time between the fixes, so a missed fix
    /// does not count two seconds of distance as one second's speed.
    var gpsSecond: (speed: Double?, meters: Double) {
        (fixInThisSecond.map { $0.speedMetersPerSecond ?? speedInThisSecond ?? 0 }, distanceInThisSecond)
    }

    /// What the sensors other than the heart-rate strap give a second, as the controller chose them.
    struct Motion {
        var speedMetersPerSecond: Double?
        var distanceMeters: Double
        var cadence: Int?
        var powerWatts: Int?
        /// The machine's own energy for this second, given only when no strap reading is fresh.
        var machineKilocalories: Double?
    }

    /// Closes the second that ends at `instant` (one second after the last) and returns the sample to store.
    ///
    /// - Parameters:
    ///   - label: the wall-clock time stored with it.
    ///   - motion: the speed, distance, cadence and power chosen for this second; nil takes the GPS track's.
    mutating func closeSecond(
        at instant: HubInstant, label: Date, heartRate: Int?, rrIntervals1024: [UInt16] = [], stepsTotal: Int?,
        person: Calories.Person, motion: Motion? = nil
    ) -> WorkoutSample {
        let gps = gpsSecond
        let motion = motion ?? Motion(speedMetersPerSecond: gps.speed, distanceMeters: gps.meters)
        let speed = motion.speedMetersPerSecond
        var steps: Int?
        if let stepsTotal {
            let baseline = stepsBaseline ?? stepsTotal
            stepsBaseline = baseline
            steps = stepsBefore + max(0, stepsTotal - baseline)
        }
        let kcal: Double
        if motion.powerWatts == nil, let machine = motion.machineKilocalories {
            kcal = machine
        } else {
            kcal = Calories.kilocalories(
                seconds: 1, heartRate: heartRate, speedMetersPerSecond: speed, person: person, kind: kind,
                powerWatts: motion.powerWatts, isMoving: (motion.cadence ?? 0) > 0)
        }
        metrics.recordSecond(
            heartRate: heartRate, speedMetersPerSecond: speed, distanceMeters: motion.distanceMeters,
            kilocalories: kcal, steps: steps, rrIntervals1024: rrIntervals1024,
            altitudeMeters: fixInThisSecond?.altitudeMeters, cadence: motion.cadence, powerWatts: motion.powerWatts)
        let sample = WorkoutSample(
            second: metrics.movingSeconds, recordedAt: label, heartRate: heartRate, latitude: fixInThisSecond?.latitude,
            longitude: fixInThisSecond?.longitude, speedMetersPerSecond: speed, distanceMeters: metrics.distanceMeters,
            kilocalories: metrics.kilocalories, steps: metrics.steps, rrIntervals1024: rrIntervals1024,
            altitudeMeters: fixInThisSecond?.altitudeMeters, cadence: motion.cadence, powerWatts: motion.powerWatts)
        fixInThisSecond = nil
        distanceInThisSecond = 0
        speedInThisSecond = nil
        lastSecondClosedAt = instant
        return sample
    }

    /// Closes the current lap and returns it.
    mutating func closeLap(at date: Date) -> WorkoutLap {
        lapCount += 1
        let sums = LapSums(metrics)
        let lap = WorkoutLap(
            number: lapCount, endedAt: date, movingSeconds: metrics.movingSeconds - lapStart.movingSeconds,
            distanceMeters: metrics.distanceMeters - lapStart.distanceMeters,
            averagePower: LapSums.average(
                sums.wattSeconds - lapStartSums.wattSeconds, sums.powerSeconds - lapStartSums.powerSeconds),
            averageCadence: LapSums.average(
                sums.cadenceSum - lapStartSums.cadenceSum, sums.cadenceSeconds - lapStartSums.cadenceSeconds))
        lapStart = (metrics.movingSeconds, metrics.distanceMeters)
        lapStartSums = sums
        return lap
    }

    /// The sums behind a lap's average power and cadence.
    private struct LapSums {
        var wattSeconds = 0
        var powerSeconds = 0
        var cadenceSum = 0
        var cadenceSeconds = 0

        init() {}

        init(_ metrics: WorkoutMetrics) {
            wattSeconds = metrics.power.wattSeconds
            powerSeconds = metrics.power.seconds
            cadenceSum = metrics.cadenceSum
            cadenceSeconds = metrics.cadenceSeconds
        }

        mutating func add(powerWatts: Int?, cadence: Int?) {
            if let powerWatts {
                wattSeconds += max(0, powerWatts)
                powerSeconds += 1
            }
            if let cadence {
                cadenceSum += cadence
                cadenceSeconds += 1
            }
        }

        static func average(_ sum: Int, _ count: Int) -> Double? { count > 0 ? Double(sum) / Double(count) : nil }
    }
}
