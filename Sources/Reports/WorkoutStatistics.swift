import HubCore

/// Count, total, average and maximum of what a set of workouts measured: the figures of `stayfit stats`.
///
/// Averages are per workout for duration, distance, steps and energy; heart rate is weighted by moving time
/// (an hour at 150 counts more than ten minutes at 120), and speed is the whole distance over the whole moving
/// time. A figure no workout measured (steps without a step counter) is nil, not zero.
public struct WorkoutStatistics: Sendable, Equatable, Codable {
    /// One measured quantity: its total over the workouts, the average and the largest single value.
    public struct Measure: Sendable, Equatable, Codable {
        public var total: Double?
        public var average: Double?
        public var maximum: Double?

        public init(total: Double? = nil, average: Double? = nil, maximum: Double? = nil) {
            (self.total, self.average, self.maximum) = (total, average, maximum)
        }
    }

    public var count: Int
    /// Moving time, seconds.
    public var durationSeconds: Measure
    public var distanceMeters: Measure
    public var steps: Measure
    public var kilocalories: Measure
    /// Beats per minute; no total.
    public var heartRate: Measure
    /// Metres per second; no total.
    public var speedMetersPerSecond: Measure
    /// Watts, weighted by moving time as heart rate is, over the workouts with power; no total.
    public var power = Measure()
    /// Mechanical work, kilojoules, of the workouts with power.
    public var workKilojoules = Measure()

    /// Adds up days of totals, such as those `HubStore.workoutTotalsByDay` returns.
    public init(days: [WorkoutDayTotals]) {
        let count = days.reduce(0) { $0 + $1.count }
        self.count = count
        let moving = days.reduce(0) { $0 + $1.movingSeconds }
        let distance = days.reduce(0) { $0 + $1.distanceMeters }
        let kcal = days.reduce(0) { $0 + $1.kilocalories }
        let stepsCounted = days.reduce(0) { $0 + $1.workoutsWithSteps }
        let stepTotal = days.reduce(0) { $0 + $1.steps }
        let heartSeconds = days.reduce(0) { $0 + $1.heartRateSeconds }
        let beats = days.reduce(0) { $0 + $1.heartBeats }
        let perWorkout = { (total: Double) in count > 0 ? total / Double(count) : nil }
        durationSeconds = Measure(
            total: Double(moving), average: perWorkout(Double(moving)),
            maximum: days.map { Double($0.longestMovingSeconds) }.max())
        distanceMeters = Measure(
            total: distance, average: perWorkout(distance), maximum: days.map(\.longestDistanceMeters).max())
        kilocalories = Measure(total: kcal, average: perWorkout(kcal), maximum: days.map(\.mostKilocalories).max())
        steps =
            stepsCounted > 0
            ? Measure(
                total: Double(stepTotal), average: Double(stepTotal) / Double(stepsCounted),
                maximum: days.compactMap(\.mostSteps).max().map(Double.init))
            : Measure()
        heartRate = Measure(
            average: heartSeconds > 0 ? beats / Double(heartSeconds) : nil,
            maximum: days.compactMap(\.maxHeartRate).max().map(Double.init))
        speedMetersPerSecond = Measure(
            average: moving > 0 && distance > 0 ? distance / Double(moving) : nil,
            maximum: days.compactMap(\.maxSpeedMetersPerSecond).max())
        let powerSeconds = days.reduce(0) { $0 + $1.powerSeconds }
        if powerSeconds > 0 {
            power = Measure(
                average: days.reduce(0) { $0 + $1.wattSeconds } / Double(powerSeconds),
                maximum: days.compactMap(\.maxPower).max().map(Double.init))
            workKilojoules = Measure(total: days.reduce(0) { $0 + $1.workKilojoules })
        }
        if count == 0 { (durationSeconds, distanceMeters, kilocalories) = (Measure(), Measure(), Measure()) }
    }

    /// The statistics of these workouts (finished ones only, as the store counts them).
    public init(workouts: [Workout]) {
        self.init(days: workouts.filter { $0.status == .finished }.map(Self.dayTotals(of:)))
    }

    /// One workout as a day of totals: how a hand-made list and the store's query meet.
    public static func dayTotals(of workout: Workout) -> WorkoutDayTotals {
        let totals = workout.totals
        var day = WorkoutDayTotals(
            day: LocalDay(workout.startedAt).description, count: 1, movingSeconds: totals.movingSeconds,
            longestMovingSeconds: totals.movingSeconds, distanceMeters: totals.distanceMeters,
            longestDistanceMeters: totals.distanceMeters, steps: totals.steps ?? 0, mostSteps: totals.steps,
            workoutsWithSteps: totals.steps == nil ? 0 : 1, kilocalories: totals.kilocalories,
            mostKilocalories: totals.kilocalories,
            heartRateSeconds: totals.averageHeartRate == nil ? 0 : totals.movingSeconds,
            heartBeats: (totals.averageHeartRate ?? 0) * Double(totals.movingSeconds),
            maxHeartRate: totals.maxHeartRate, maxSpeedMetersPerSecond: totals.maxSpeedMetersPerSecond)
        if let average = totals.averagePower {
            day.powerSeconds = totals.movingSeconds
            day.wattSeconds = average * Double(totals.movingSeconds)
        }
        day.maxPower = totals.maxPower
        day.workKilojoules = totals.workKilojoules ?? 0
        return day
    }
}
