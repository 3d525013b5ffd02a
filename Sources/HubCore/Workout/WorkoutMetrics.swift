import Records

/// The running totals of a workout, fed one second of moving time at a time.
///
/// Pure arithmetic with no clock or I/O, so it is unit-tested against hand-computed values and rebuilt from
/// stored samples when a workout is resumed after a crash.
public struct WorkoutMetrics: Sendable, Equatable {
    /// The minimum speed is the slowest stretch of this much moving time (the last, shorter stretch is joined to
    /// the one before): average speeds over a partition of the workout, so it is never above the average.
    public static let minimumSpeedWindowSeconds = 60
    /// A climb or descent counts once the altitude has moved this far from the last counted level: GPS altitude
    /// wanders by a few metres, and counting every wiggle would add hundreds of metres to a flat run.
    public static let elevationHysteresisMeters = 5.0

    public private(set) var movingSeconds = 0
    public private(set) var distanceMeters = 0.0
    public private(set) var kilocalories = 0.0
    public private(set) var steps: Int?
    /// The slowest full window of moving time before the last one; nil until one has closed.
    private var slowestEarlierWindow: Double?
    /// The window closed last, kept open to take the stretch after it.
    private var lastWindow: Stretch?
    /// The window still filling.
    private var openWindow = Stretch()
    /// Whether any second had a speed: without one (indoors, no distance source) there is no minimum.
    private var hasSpeed = false
    public private(set) var maxSpeedMetersPerSecond: Double?
    public private(set) var maxHeartRate: Int?
    /// The speed of the latest second, nil when unknown.
    public private(set) var lastSpeedMetersPerSecond: Double?
    /// Metres climbed and descended; nil until a second has an altitude.
    public private(set) var elevationGainMeters: Double?
    public private(set) var elevationLossMeters: Double?
    /// The altitude last counted as a level: the next climb or descent is measured from it.
    private var elevationLevel: Double?
    private var variability = RMSSDAccumulator()
    private var heartRateSum = 0
    private var heartRateSeconds = 0
    /// Power over the seconds that had a reading.
    public private(set) var power = PowerMetrics()
    /// The cadence and power of the latest second, nil when it had none.
    public private(set) var lastCadence: Int?
    public private(set) var lastPowerWatts: Int?
    /// The sum of the seconds' cadences, and how many seconds had one.
    public private(set) var cadenceSum = 0
    public private(set) var cadenceSeconds = 0
    public private(set) var maxCadence: Int?

    public init() {}

    /// Average over moving time: distance ÷ moving seconds.
    public var averageSpeedMetersPerSecond: Double? {
        movingSeconds > 0 ? distanceMeters / Double(movingSeconds) : nil
    }

    /// Average over the seconds that had a heart rate (gaps are left out, not counted as zero).
    public var averageHeartRate: Double? {
        heartRateSeconds > 0 ? Double(heartRateSum) / Double(heartRateSeconds) : nil
    }

    /// Over the seconds that had a cadence (gaps are left out, not counted as zero).
    public var averageCadence: Double? {
        cadenceSeconds > 0 ? Double(cadenceSum) / Double(cadenceSeconds) : nil
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
    ///   - rrIntervals1024: the beat-to-beat intervals received in this second, in 1/1024 s.
    ///   - altitudeMeters: the altitude of this second's fix, nil when there was none or it was 2D.
    ///   - cadence: crank revolutions, steps or strokes a minute in this second, nil for a gap.
    ///   - powerWatts: the power in this second, nil for a gap.
    public mutating func recordSecond(
        heartRate: Int?, speedMetersPerSecond: Double?, distanceMeters: Double, kilocalories: Double, steps: Int?,
        rrIntervals1024: [UInt16] = [], altitudeMeters: Double? = nil, cadence: Int? = nil, powerWatts: Int? = nil
    ) {
        movingSeconds += 1
        lastCadence = cadence
        lastPowerWatts = powerWatts
        if let cadence {
            cadenceSum += cadence
            cadenceSeconds += 1
            maxCadence = max(maxCadence ?? cadence, cadence)
        }
        if let powerWatts { power.add(watts: powerWatts) }
        if let altitudeMeters { addAltitude(altitudeMeters) }
        // A second without a heart rate is a gap in the beats: the intervals around it are not successive.
        if heartRate == nil { variability.breakSequence() } else { variability.add(rrIntervals1024) }
        lastSpeedMetersPerSecond = speedMetersPerSecond
        self.distanceMeters += max(0, distanceMeters)
        addToMinimumWindow(meters: max(0, distanceMeters), hasSpeed: speedMetersPerSecond != nil)
        self.kilocalories += max(0, kilocalories)
        if let steps { self.steps = steps }
        if let heartRate {
            heartRateSum += heartRate
            heartRateSeconds += 1
            maxHeartRate = max(maxHeartRate ?? heartRate, heartRate)
        }
        if let speed = speedMetersPerSecond {
            maxSpeedMetersPerSecond = max(maxSpeedMetersPerSecond ?? speed, speed)
        }
    }

    /// The slowest stretch's average speed (see ``minimumSpeedWindowSeconds``): never above the average, as the
    /// slowest of any one second (a corner, a traffic light) would be below it, and a minimum taken over moving
    /// seconds only, beside an average over all of them, came out above it (avg 9.7 km/h, min 10.8 km/h).
    public var minSpeedMetersPerSecond: Double? {
        guard hasSpeed, movingSeconds > 0 else { return nil }
        guard let last = lastWindow else { return averageSpeedMetersPerSecond }
        let joined = (last.meters + openWindow.meters) / Double(last.seconds + openWindow.seconds)
        return min(slowestEarlierWindow ?? joined, joined)
    }

    private mutating func addToMinimumWindow(meters: Double, hasSpeed secondHasSpeed: Bool) {
        if secondHasSpeed { hasSpeed = true }
        openWindow.meters += meters
        openWindow.seconds += 1
        guard openWindow.seconds == Self.minimumSpeedWindowSeconds else { return }
        if let last = lastWindow {
            let speed = last.meters / Double(last.seconds)
            slowestEarlierWindow = min(slowestEarlierWindow ?? speed, speed)
        }
        lastWindow = openWindow
        openWindow = Stretch()
    }

    /// Metres covered in so many seconds of moving time.
    private struct Stretch: Sendable, Equatable {
        var meters = 0.0
        var seconds = 0
    }

    /// Counts climbs and descents with hysteresis: the level moves only when the altitude has left it by
    /// ``elevationHysteresisMeters``, and the whole step is counted then, so a steady climb loses less than one
    /// step in all and noise smaller than a step adds nothing.
    private mutating func addAltitude(_ altitude: Double) {
        guard let level = elevationLevel else {
            (elevationLevel, elevationGainMeters, elevationLossMeters) = (altitude, 0, 0)
            return
        }
        if altitude - level >= Self.elevationHysteresisMeters {
            elevationGainMeters = (elevationGainMeters ?? 0) + altitude - level
            elevationLevel = altitude
        } else if level - altitude >= Self.elevationHysteresisMeters {
            elevationLossMeters = (elevationLossMeters ?? 0) + level - altitude
            elevationLevel = altitude
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
                rrIntervals1024: sample.rrIntervals1024, altitudeMeters: sample.altitudeMeters, cadence: sample.cadence,
                powerWatts: sample.powerWatts)
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
        totals.elevationGainMeters = elevationGainMeters
        totals.elevationLossMeters = elevationLossMeters
        totals.averageCadence = averageCadence
        totals.maxCadence = maxCadence
        totals.averagePower = power.averageWatts
        totals.maxPower = power.maxWatts
        totals.normalizedPower = power.normalizedWatts
        totals.workKilojoules = power.workKilojoules
        return totals
    }
}
