import Foundation

/// What was done in one step of a run, beside what was planned: kept for the store.
public struct StepRecord: Sendable, Equatable {
    /// How the step ended.
    public enum Outcome: String, Sendable, Equatable {
        /// Its time or distance was reached, or the person said `done`.
        case completed
        /// The person said `skip`.
        case skipped
        /// The workout stopped during it.
        case stopped
    }

    /// The step's place in the run, from 1.
    public var number: Int
    /// What was said as it started.
    public var title: String
    public var plannedRepetitions: Int?
    /// Repetitions made: those said with `done 8`, else the planned ones of a completed set.
    public var repetitions: Int?
    public var plannedTime: Duration?
    public var plannedDistanceMeters: Double?
    /// The program's time in the step (time paused not counted).
    public var time: Duration
    public var distanceMeters: Double
    /// Average of the power measured each second of the step, if any was.
    public var averagePowerWatts: Int?
    /// Average of the heart rate measured each second of the step, if any was.
    public var averageHeartRate: Int?
    public var outcome: Outcome
    /// The exercise's load, for a set of one that has one.
    public var plannedWeightKilograms: Double? = nil
    /// The power target at the step's start and at its end (they differ on a ramp), with `easier`/`harder` as they
    /// stood when the step ended: what the machine was asked for. Nil without a power target, or without the FTP a
    /// target in % of FTP needs.
    public var plannedPowerStartWatts: Int? = nil
    public var plannedPowerEndWatts: Int? = nil
    /// The wall-clock labels of the workout's figures the step started and ended at (``ProgramRun/Figures/at``);
    /// nil where the figures had none.
    public var startedAt: Date? = nil
    public var endedAt: Date? = nil
}
