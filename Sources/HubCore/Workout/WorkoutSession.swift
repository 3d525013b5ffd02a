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
    private var lastFix: PositionMeasured?
    private var fixInThisSecond: PositionMeasured?
    private var distanceInThisSecond = 0.0
    /// The step counter's total when this run of the hub first saw it.
    private var stepsBaseline: Int?
    /// Steps counted before a crash, carried into a resumed workout.
    private var stepsBefore = 0

    init(id: WorkoutID, startedAt: Date, goal: Goal?) {
        self.id = id
        self.startedAt = startedAt
        self.goal = goal
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
        goalReached = goal.map { goalValue(for: $0) >= $0.target } ?? false
    }

    /// Adds a position fix received while running; returns false for an implausible jump.
    mutating func add(_ fix: PositionMeasured) -> Bool {
        if let last = lastFix {
            let meters = Geo.distanceMeters(
                fromLatitude: last.latitude, longitude: last.longitude, toLatitude: fix.latitude,
                longitude: fix.longitude)
            let seconds = max(1, fix.timestamp.timeIntervalSince(last.timestamp))
            guard meters / seconds <= Self.maximumPlausibleSpeed else {
                rejectedFixes += 1
                return false
            }
            distanceInThisSecond += meters
        }
        lastFix = fix
        fixInThisSecond = fix
        return true
    }

    /// Forgets the last fix and the step counter's baseline, so that distance walked and steps taken during
    /// a pause are not counted.
    mutating func breakTrack() {
        lastFix = nil
        fixInThisSecond = nil
        distanceInThisSecond = 0
        stepsBefore = metrics.steps ?? stepsBefore
        stepsBaseline = nil
    }

    /// Closes one second of moving time and returns the sample to store.
    mutating func closeSecond(at date: Date, heartRate: Int?, stepsTotal: Int?, person: Calories.Person) -> WorkoutSample {
        let speed = fixInThisSecond.map { $0.speedMetersPerSecond ?? distanceInThisSecond }
        var steps: Int?
        if let stepsTotal {
            let baseline = stepsBaseline ?? stepsTotal
            stepsBaseline = baseline
            steps = stepsBefore + max(0, stepsTotal - baseline)
        }
        let kcal = Calories.kilocalories(seconds: 1, heartRate: heartRate, speedMetersPerSecond: speed, person: person)
        metrics.recordSecond(
            heartRate: heartRate, speedMetersPerSecond: speed, distanceMeters: distanceInThisSecond, kilocalories: kcal,
            steps: steps)
        let sample = WorkoutSample(
            second: metrics.movingSeconds, recordedAt: date, heartRate: heartRate, latitude: fixInThisSecond?.latitude,
            longitude: fixInThisSecond?.longitude, speedMetersPerSecond: speed, distanceMeters: metrics.distanceMeters,
            kilocalories: metrics.kilocalories, steps: metrics.steps)
        fixInThisSecond = nil
        distanceInThisSecond = 0
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
