import Foundation

/// One step of the guided program followed in a workout, as the store keeps it: what was planned beside what was
/// done.
///
/// The guided-workouts plugin stores each step as it ends, so a crash loses at most the step under way. A workout's
/// steps are listed by `stayfit workouts show`, drawn as the planned power on its page, and become the laps of its
/// TCX export.
public struct WorkoutProgramStep: Sendable, Equatable, Codable {
    /// How the step ended.
    public enum Outcome: String, Sendable, Equatable, Codable {
        /// Its time or distance was reached, or the person said `done`.
        case completed
        /// The person said `skip`.
        case skipped
        /// The workout stopped during it.
        case stopped
    }

    /// The step's place in the run, from 1.
    public var number: Int
    /// What was said as it started: "Interval 1 of 4: 4 minutes, 276 watts".
    public var title: String
    /// The name of the program it is a step of.
    public var program: String
    public var outcome: Outcome
    /// The repetitions a set of repetitions asked for.
    public var plannedRepetitions: Int?
    /// The repetitions made, when the step is a set of repetitions that was not skipped.
    public var repetitions: Int?
    /// The exercise's load, when it has one.
    public var plannedWeightKilograms: Double?
    /// The length of a timed step.
    public var plannedSeconds: Double?
    /// The length of a step over a distance.
    public var plannedDistanceMeters: Double?
    /// The program's time in the step, time paused not counted.
    public var seconds: Double
    public var distanceMeters: Double
    public var averagePowerWatts: Int?
    public var averageHeartRate: Int?
    /// The power target at the step's start and at its end (different on a ramp), as sent to the machine; nil
    /// without a power target, or without the FTP a target in % of FTP needs.
    public var plannedPowerStartWatts: Int?
    public var plannedPowerEndWatts: Int?
    /// Wall-clock labels of the step's start and end, on the same time line as the workout's seconds.
    public var startedAt: Date
    public var endedAt: Date

    public init(
        number: Int, title: String, program: String, outcome: Outcome, plannedRepetitions: Int? = nil,
        repetitions: Int? = nil, plannedWeightKilograms: Double? = nil, plannedSeconds: Double? = nil,
        plannedDistanceMeters: Double? = nil, seconds: Double, distanceMeters: Double = 0,
        averagePowerWatts: Int? = nil, averageHeartRate: Int? = nil, plannedPowerStartWatts: Int? = nil,
        plannedPowerEndWatts: Int? = nil, startedAt: Date, endedAt: Date
    ) {
        self.number = number
        self.title = title
        self.program = program
        self.outcome = outcome
        self.plannedRepetitions = plannedRepetitions
        self.repetitions = repetitions
        self.plannedWeightKilograms = plannedWeightKilograms
        self.plannedSeconds = plannedSeconds
        self.plannedDistanceMeters = plannedDistanceMeters
        self.seconds = seconds
        self.distanceMeters = distanceMeters
        self.averagePowerWatts = averagePowerWatts
        self.averageHeartRate = averageHeartRate
        self.plannedPowerStartWatts = plannedPowerStartWatts
        self.plannedPowerEndWatts = plannedPowerEndWatts
        self.startedAt = startedAt
        self.endedAt = endedAt
    }
}
