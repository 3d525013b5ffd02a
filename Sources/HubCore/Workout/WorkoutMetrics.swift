import HubStore

/// The running totals of a workout, fed one second of moving time at a time.
///
/// Pure arithmetic with no clock or I/O, so it is unit-tested against hand-computed values and rebuilt from
/// stored samples when a workout is resumed after a crash.
public struct WorkoutMetrics: Sendable, Equatable {
    /// Below this speed a second counts as standing: it does not set the minimum speed.
    public static let movingSpeedThreshold = 0.3

    public private(set) var movingSeconds = 0
    public private(set) var distanceMeters = 0.0
    public private(set) var kilocalories = 0.0
    public private(set) var steps: Int?
    public private(set) var minSpeedMetersPerSecond: Double?
    public private(set) var maxSpeedMetersPerSecond: Double?
    public private(set) var maxHeartRate: Int?
    /// The speed of the latest second, nil when unknown.
    public private(set) var lastSpeedMetersPerSecond: Double?
    private var variability = RMSSDAccumulator()
    private var heartRateSum = 0
    private var heartRateSeconds = 0

    public init() {}

    /// Average over moving time: distance ÷ moving seconds.
    public var averageSpeedMetersPerSecond: Double? {
        movingSeconds > 0 ? distanceMeters / Double(movingSeconds) : nil
    }

    /// Average over the seconds that had a heart rate (gaps are left out, not counted as zero).
    public var averageHeartRate: Double? {
        heartRateSeconds > 0 ? Double(heartRateSum) / Double(heartRateSeconds) : nil
    }

    /// Ends the run of successive beats, at a pause: the first interval after it is not paired with the last before.
    public mutating func breakHeartRateSequence() { variability.breakSequence() }

    /// Adds one second of moving time.
    ///
    /// - Parameters:
    ///   - heartRate: the fresh reading for this second, nil for a gap.
    ///   - speedMetersPerSecond: the speed in this second, nil when unknown.
    ///   - distanceMeters: distance covered in this second.
    ///   - kilocalories: energy spent in this second.
    ///   - steps: the workout's step total so far, when a step source exists.
    ///   - rrIntervalsMilliseconds: the beat-to-beat intervals received in this second.
    public mutating func recordSecond(
        heartRate: Int?, speedMetersPerSecond: Double?, distanceMeters: Double, kilocalories: Double, steps: Int?,
        rrIntervalsMilliseconds: [Double] = []
    ) {
        movingSeconds += 1
        // A second without a heart rate is a gap in the beats: the intervals around it are not successive.
        if heartRate == nil { variability.breakSequence() } else { variability.add(rrIntervalsMilliseconds) }
        lastSpeedMetersPerSecond = speedMetersPerSecond
        self.distanceMeters += max(0, distanceMeters)
        self.kilocalories += max(0, kilocalories)
        if let steps { self.steps = steps }
        if let heartRate {
            heartRateSum += heartRate
            heartRateSeconds += 1
            maxHeartRate = max(maxHeartRate ?? heartRate, heartRate)
        }
        if let speed = speedMetersPerSecond {
            maxSpeedMetersPerSecond = max(maxSpeedMetersPerSecond ?? speed, speed)
            if speed >= Self.movingSpeedThreshold {
                minSpeedMetersPerSecond = min(minSpeedMetersPerSecond ?? speed, speed)
            }
        }
    }

    /// Rebuilds the totals from a workout's stored seconds (after a crash).
    public init(restoring samples: [WorkoutSample]) {
        var previous: (distance: Double, kcal: Double) = (0, 0)
        for sample in samples.sorted(by: { $0.second < $1.second }) {
            recordSecond(
                heartRate: sample.heartRate, speedMetersPerSecond: sample.speedMetersPerSecond,
                distanceMeters: sample.distanceMeters - previous.distance,
                kilocalories: sample.kilocalories - previous.kcal, steps: sample.steps,
                rrIntervalsMilliseconds: sample.rrIntervalsMilliseconds)
            previous = (sample.distanceMeters, sample.kilocalories)
            movingSeconds = sample.second
        }
    }

    /// The totals as stored with the workout.
    public var totals: WorkoutTotals {
        var totals = WorkoutTotals()
        totals.movingSeconds = movingSeconds
        totals.distanceMeters = distanceMeters
        totals.steps = steps
        totals.kilocalories = kilocalories
        totals.minSpeedMetersPerSecond = minSpeedMetersPerSecond
        totals.maxSpeedMetersPerSecond = maxSpeedMetersPerSecond
        totals.averageSpeedMetersPerSecond = averageSpeedMetersPerSecond
        totals.averageHeartRate = averageHeartRate
        totals.maxHeartRate = maxHeartRate
        totals.rmssdMilliseconds = variability.rmssd
        return totals
    }
}
