import Foundation
import HubStore

/// One workout under way: its totals so far, its goal and laps, and the sensor data of the current second.
struct WorkoutSession {
    /// A fix implying more than this speed since the last one is a GPS glitch: dropped and counted.
    static let maximumPlausibleSpeed = 50.0

    let id: WorkoutID
    let startedAt: Date
    var goal: Goal?
    var goalReached = false
    var metrics = WorkoutMetrics()
    var lapCount = 0
    var lapStart: (movingSeconds: Int, distanceMeters: Double) = (0, 0)
    private(set) var rejectedFixes = 0
    /// When the latest second was closed, or the workout started or resumed since.
    var lastSecondClosedAt: Date
    /// The latest fix received, accepted or not: a jump is judged against it, not against an older fix.
    private var lastFix: PositionMeasured?
    private var lastFixRejected = false
    private var fixInThisSecond: PositionMeasured?
    private var distanceInThisSecond = 0.0
    /// Speed between the last two accepted fixes (distance over the time between them).
    private var speedInThisSecond: Double?
    /// The step counter's total when this run of the hub first saw it.
    private var stepsBaseline: Int?
    /// Steps counted before a crash, carried into a resumed workout.
    private var stepsBefore = 0

    init(id: WorkoutID, startedAt: Date, goal: Goal?) {
        self.id = id
        self.startedAt = startedAt
        self.goal = goal
        lastSecondClosedAt = startedAt
    }

    /// True when half a second or more has passed since the last closed second, or a position fix is waiting:
    /// the workout's final, partial second is worth recording when it stops.
    func hasUnrecordedTime(at date: Date) -> Bool {
        fixInThisSecond != nil || date.timeIntervalSince(lastSecondClosedAt) >= 0.5
    }

    /// Picks up a workout from its stored seconds and laps (after a crash).
    init(resuming workout: Workout, samples: [WorkoutSample], laps: [WorkoutLap]) {
        self.init(id: workout.id, startedAt: workout.startedAt, goal: workout.goal)
        metrics = WorkoutMetrics(restoring: samples)
        lapCount = laps.count
        lapStart = (
            laps.reduce(0) { $0 + $1.movingSeconds }, laps.reduce(0) { $0 + $1.distanceMeters }
        )
        stepsBefore = samples.last?.steps ?? 0
        lastSecondClosedAt = samples.last?.recordedAt ?? workout.startedAt
        goalReached = goal.map { goalValue(for: $0) >= $0.target } ?? false
    }

    /// Adds a position fix received while running; returns false for an implausible jump.
    ///
    /// A jump is never counted as distance: the fix after it starts a new segment when it is plausible
    /// relative to the jumped-to place (the receiver really moved, or a recording started over), and the
    /// track carries on from there.
    mutating func add(_ fix: PositionMeasured) -> Bool {
        defer { lastFix = fix }
        guard let last = lastFix else {
            fixInThisSecond = fix
            return true
        }
        let seconds = fix.timestamp.timeIntervalSince(last.timestamp)
        guard seconds > 0 else { return false }  // a repeated fix adds nothing
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

    /// Closes one second of moving time and returns the sample to store.
    mutating func closeSecond(
        at date: Date, heartRate: Int?, rrIntervalsMilliseconds: [Double] = [], stepsTotal: Int?, person: Calories.Person
    ) -> WorkoutSample {
        // The receiver's own speed when it gives one; else distance over the time between the fixes, so a
        // missed fix does not count two seconds of distance as one second's speed.
        let speed = fixInThisSecond.map { $0.speedMetersPerSecond ?? speedInThisSecond ?? 0 }
        var steps: Int?
        if let stepsTotal {
            let baseline = stepsBaseline ?? stepsTotal
            stepsBaseline = baseline
            steps = stepsBefore + max(0, stepsTotal - baseline)
        }
        let kcal = Calories.kilocalories(seconds: 1, heartRate: heartRate, speedMetersPerSecond: speed, person: person)
        metrics.recordSecond(
            heartRate: heartRate, speedMetersPerSecond: speed, distanceMeters: distanceInThisSecond, kilocalories: kcal,
            steps: steps, rrIntervalsMilliseconds: rrIntervalsMilliseconds)
        let sample = WorkoutSample(
            second: metrics.movingSeconds, recordedAt: date, heartRate: heartRate, latitude: fixInThisSecond?.latitude,
            longitude: fixInThisSecond?.longitude, speedMetersPerSecond: speed, distanceMeters: metrics.distanceMeters,
            kilocalories: metrics.kilocalories, steps: metrics.steps, rrIntervalsMilliseconds: rrIntervalsMilliseconds)
        fixInThisSecond = nil
        distanceInThisSecond = 0
        speedInThisSecond = nil
        lastSecondClosedAt = date
        return sample
    }

    /// Closes the current lap and returns it.
    mutating func closeLap(at date: Date) -> WorkoutLap {
        lapCount += 1
        let lap = WorkoutLap(
            number: lapCount, endedAt: date, movingSeconds: metrics.movingSeconds - lapStart.movingSeconds,
            distanceMeters: metrics.distanceMeters - lapStart.distanceMeters)
        lapStart = (metrics.movingSeconds, metrics.distanceMeters)
        return lap
    }

    /// Progress towards `goal` in its unit.
    func goalValue(for goal: Goal) -> Double {
        switch goal.kind {
        case .distance: metrics.distanceMeters
        case .duration: Double(metrics.movingSeconds)
        case .steps: Double(metrics.steps ?? 0)
        case .kcal: metrics.kilocalories
        }
    }
}
