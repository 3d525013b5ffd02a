import Foundation

/// A stored workout's identifier.
public typealias WorkoutID = Int64

/// Where a stored workout stands.
public enum WorkoutStatus: String, Sendable, Codable {
    case running, paused, finished
}

/// What happened to a workout that was interrupted by a crash or power loss.
public enum WorkoutRecovery: String, Sendable, Codable {
    /// The hub came back soon enough to carry on recording it.
    case resumed
    /// The hub came back too late; the workout was closed at its last recorded second.
    case closed
}

/// The running totals of a workout, as stored after every second.
public struct WorkoutTotals: Sendable, Equatable, Codable {
    public var movingSeconds: Int = 0
    public var distanceMeters: Double = 0
    public var steps: Int?
    public var kilocalories: Double = 0
    public var minSpeedMetersPerSecond: Double?
    public var maxSpeedMetersPerSecond: Double?
    public var averageSpeedMetersPerSecond: Double?
    public var averageHeartRate: Double?
    public var maxHeartRate: Int?
    /// Heart-rate variability (RMSSD of the RR intervals), milliseconds, when the strap sends RR intervals.
    public var rmssdMilliseconds: Double?
    /// Metres climbed and descended, counted with hysteresis; nil when no second had an altitude.
    public var elevationGainMeters: Double?
    public var elevationLossMeters: Double?
    /// Crank revolutions (rides), steps (on foot) or strokes (rowing) a minute, over the seconds that had a cadence.
    public var averageCadence: Double?
    public var maxCadence: Int?
    /// Watts over the seconds that had a power reading; nil without a power meter or a machine that measures it.
    public var averagePower: Double?
    public var maxPower: Int?
    /// Normalised power (the fourth root of the mean fourth power of the 30 s rolling average), watts; nil until 30 s
    /// of power.
    public var normalizedPower: Double?
    /// Mechanical work, kilojoules (the sum of a second's watts).
    public var workKilojoules: Double?

    public init() {}
}

/// One stored workout with its totals.
public struct Workout: Sendable, Equatable, Codable, Identifiable {
    public var id: WorkoutID
    public var startedAt: Date
    public var endedAt: Date?
    public var status: WorkoutStatus
    public var totals: WorkoutTotals
    public var goal: Goal?
    public var recovery: WorkoutRecovery?
    /// Recorded from simulated sensors or on a sped-up clock: history and statistics can leave it out.
    public var isSimulated: Bool
    /// Where the machine's boot stood at the last saved second (or pause), so that crash recovery can measure
    /// the time since then without trusting the wall clock; nil when unknown. Not part of the JSON output.
    public var lastSeenBoot: BootTime? = nil
    /// The sport the imported file stated ("running", "biking", "other"); nil when recorded by the hub. Not part
    /// of the JSON output.
    public var sport: String? = nil
    /// What sort of workout it was: chosen at the start, or from the sport of an imported file.
    public var kind: WorkoutKind = .default

    private enum CodingKeys: String, CodingKey {
        case id, startedAt, endedAt, status, totals, goal, recovery, isSimulated, kind
    }

    public init(
        id: WorkoutID, startedAt: Date, endedAt: Date?, status: WorkoutStatus, totals: WorkoutTotals,
        goal: Goal?, recovery: WorkoutRecovery?, isSimulated: Bool = false, lastSeenBoot: BootTime? = nil,
        kind: WorkoutKind = .default
    ) {
        self.kind = kind
        self.id = id
        self.startedAt = startedAt
        self.endedAt = endedAt
        self.status = status
        self.totals = totals
        self.goal = goal
        self.recovery = recovery
        self.isSimulated = isSimulated
        self.lastSeenBoot = lastSeenBoot
    }
}

/// One second of moving time in a workout.
public struct WorkoutSample: Sendable, Equatable, Codable {
    /// Moving seconds since the start, counting from 1.
    public var second: Int
    public var recordedAt: Date
    /// Nil when there was no fresh heart-rate reading for this second.
    public var heartRate: Int?
    public var latitude: Double?
    public var longitude: Double?
    public var speedMetersPerSecond: Double?
    /// Altitude above mean sea level of this second's fix, when the receiver had a 3D fix.
    public var altitudeMeters: Double?
    /// Running totals at the end of this second.
    public var distanceMeters: Double
    public var kilocalories: Double
    public var steps: Int?
    /// The beat-to-beat intervals received in this second, in the strap's 1/1024 s, exactly as it sent them.
    public var rrIntervals1024: [UInt16]
    /// Crank revolutions, steps or strokes a minute in this second, rounded; nil without a cadence source.
    public var cadence: Int?
    /// Watts in this second; nil without a power meter or a machine that measures power.
    public var powerWatts: Int?

    public init(
        second: Int, recordedAt: Date, heartRate: Int?, latitude: Double?, longitude: Double?,
        speedMetersPerSecond: Double?, distanceMeters: Double, kilocalories: Double, steps: Int?,
        rrIntervals1024: [UInt16] = [], altitudeMeters: Double? = nil, cadence: Int? = nil, powerWatts: Int? = nil
    ) {
        self.cadence = cadence
        self.powerWatts = powerWatts
        self.rrIntervals1024 = rrIntervals1024
        self.altitudeMeters = altitudeMeters
        self.second = second
        self.recordedAt = recordedAt
        self.heartRate = heartRate
        self.latitude = latitude
        self.longitude = longitude
        self.speedMetersPerSecond = speedMetersPerSecond
        self.distanceMeters = distanceMeters
        self.kilocalories = kilocalories
        self.steps = steps
    }
}

/// A pause in a workout; `endedAt` is nil while it lasts.
public struct WorkoutPause: Sendable, Equatable, Codable {
    public var startedAt: Date
    public var endedAt: Date?

    public init(startedAt: Date, endedAt: Date?) {
        self.startedAt = startedAt
        self.endedAt = endedAt
    }
}

/// A lap, closed when the user asked for one (or at the end of the workout).
public struct WorkoutLap: Sendable, Equatable, Codable {
    public var number: Int
    public var endedAt: Date
    /// Moving time and distance of this lap alone.
    public var movingSeconds: Int
    public var distanceMeters: Double
    /// Averages of this lap's seconds that had them; nil without a power or cadence source.
    public var averagePower: Double?
    public var averageCadence: Double?

    public init(
        number: Int, endedAt: Date, movingSeconds: Int, distanceMeters: Double, averagePower: Double? = nil,
        averageCadence: Double? = nil
    ) {
        self.averagePower = averagePower
        self.averageCadence = averageCadence
        self.number = number
        self.endedAt = endedAt
        self.movingSeconds = movingSeconds
        self.distanceMeters = distanceMeters
    }
}
