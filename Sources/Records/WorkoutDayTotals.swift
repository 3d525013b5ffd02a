import Foundation

/// The finished workouts of one local day, added up: what statistics over any period are built from.
///
/// Sums and maxima only, so that days add up to weeks, months and years without going back to the workouts.
public struct WorkoutDayTotals: Sendable, Equatable, Codable {
    /// The local day, `yyyy-MM-dd`; the first day of the month or year for totals grouped by those.
    public var day: String

    /// What one row of totals adds up.
    public enum Grouping: Sendable, Equatable {
        /// A local day.
        case day
        /// A calendar month.
        case month
        /// A calendar year.
        case year
        /// Everything asked for, in one row.
        case whole
    }
    public var count: Int
    public var movingSeconds: Int
    public var longestMovingSeconds: Int
    public var distanceMeters: Double
    public var longestDistanceMeters: Double
    /// Steps of the workouts that counted steps, and how many did.
    public var steps: Int
    public var mostSteps: Int?
    public var workoutsWithSteps: Int
    public var kilocalories: Double
    public var mostKilocalories: Double
    /// Moving seconds of the workouts with a heart rate, and their beats (average × seconds), for a
    /// time-weighted average.
    public var heartRateSeconds: Int
    public var heartBeats: Double
    public var maxHeartRate: Int?
    public var maxSpeedMetersPerSecond: Double?
    /// Moving seconds of the workouts with power, their watt-seconds (average × seconds) for a time-weighted average,
    /// the highest power and the mechanical work; zero and nil without a power meter.
    public var powerSeconds: Int = 0
    public var wattSeconds: Double = 0
    public var maxPower: Int?
    public var workKilojoules: Double = 0

    public init(
        day: String, count: Int = 0, movingSeconds: Int = 0, longestMovingSeconds: Int = 0, distanceMeters: Double = 0,
        longestDistanceMeters: Double = 0, steps: Int = 0, mostSteps: Int? = nil, workoutsWithSteps: Int = 0,
        kilocalories: Double = 0, mostKilocalories: Double = 0, heartRateSeconds: Int = 0, heartBeats: Double = 0,
        maxHeartRate: Int? = nil, maxSpeedMetersPerSecond: Double? = nil
    ) {
        self.day = day
        self.count = count
        self.movingSeconds = movingSeconds
        self.longestMovingSeconds = longestMovingSeconds
        self.distanceMeters = distanceMeters
        self.longestDistanceMeters = longestDistanceMeters
        self.steps = steps
        self.mostSteps = mostSteps
        self.workoutsWithSteps = workoutsWithSteps
        self.kilocalories = kilocalories
        self.mostKilocalories = mostKilocalories
        self.heartRateSeconds = heartRateSeconds
        self.heartBeats = heartBeats
        self.maxHeartRate = maxHeartRate
        self.maxSpeedMetersPerSecond = maxSpeedMetersPerSecond
    }
}
