import Foundation
import Records

/// Ask the workout engine to change state.
public struct WorkoutCommand: BusMessage, Equatable {
    public enum Action: String, Sendable, CaseIterable {
        case start, pause, resume
        /// Start when idle, pause when running, resume when paused: the one-button action.
        case toggle
        case stop, lap
    }

    public var action: Action
    /// When the command was given, on the hub's monotonic clock; nil means "when it is published". A source that
    /// knows better (the simulator's schedule) says so, and the engine applies the command at that moment.
    public var at: HubInstant?
    /// For `start` (and `toggle` when idle): the kind of workout to start; nil starts the kind chosen last
    /// (`ChooseWorkoutKind`), else `[workout] default-kind`.
    public var kind: WorkoutKind?

    public init(_ action: Action, at: HubInstant? = nil, kind: WorkoutKind? = nil) {
        self.action = action
        self.at = at
        self.kind = kind
    }
}

/// Chooses the kind of the next workout started without one of its own (a console command, a button that steps
/// through the kinds). The workout engine keeps the choice and says it: "Next workout: Indoor ride."
public struct ChooseWorkoutKind: BusMessage, Equatable {
    public enum Choice: Sendable, Equatable {
        case kind(WorkoutKind)
        /// The kind after the one chosen now (after `[workout] default-kind` at first), in `WorkoutKind.known`'s order.
        case next
    }

    public var choice: Choice

    public init(_ choice: Choice) { self.choice = choice }
}

/// Where the workout engine stands.
public enum WorkoutState: String, Sendable, Codable {
    case idle, running, paused, finished
}

/// The workout engine changed state.
public struct WorkoutStateChanged: BusMessage, Equatable {
    public var workoutID: WorkoutID?
    public var state: WorkoutState
    public var previous: WorkoutState
    /// The finished workout's totals, with `state == .finished`.
    public var summary: Workout?
    /// The kind of the workout under way (or just finished); nil while idle.
    public var kind: WorkoutKind?

    public init(
        workoutID: WorkoutID?, state: WorkoutState, previous: WorkoutState, summary: Workout? = nil,
        kind: WorkoutKind? = nil
    ) {
        self.kind = kind
        self.workoutID = workoutID
        self.state = state
        self.previous = previous
        self.summary = summary
    }
}

/// The live metrics of the current workout, published once a second while it runs or is paused.
public struct WorkoutProgress: BusMessage, Equatable {
    public var workoutID: WorkoutID
    public var state: WorkoutState
    /// Wall time since the start, pauses included.
    public var elapsed: Duration
    /// Time spent running, pauses excluded.
    public var moving: Duration
    public var totals: WorkoutTotals
    public var currentSpeedMetersPerSecond: Double?
    /// Nil when there is no fresh reading: the display shows a gap, never an old value.
    public var currentHeartRate: Int?
    /// The moment these figures stand at, on the hub's monotonic clock: the end of the last closed second while
    /// running, the tick while paused. A plugin that acts on them (the goals plugin's auto-stop) sends its
    /// `WorkoutCommand` with this `at`, so the command takes effect at that second however late it arrives.
    public var at: HubInstant
    /// What sort of workout it is: it decides which figures matter (pace on foot, speed and power on a bike).
    public var kind: WorkoutKind
    /// Crank revolutions, steps or strokes a minute in the last second; nil without a fresh cadence (or paused).
    public var currentCadence: Int?
    /// Watts in the last second; nil without a fresh power reading (or paused).
    public var currentPowerWatts: Int?
    /// The average of the last 3 seconds with power, steadier to read than one second's; nil with `currentPowerWatts`.
    public var threeSecondPowerWatts: Double?
    /// The workout paused itself because the movement stopped (`[workout] auto-pause`); it resumes by itself.
    public var isAutoPaused: Bool

    public init(
        workoutID: WorkoutID, state: WorkoutState, elapsed: Duration, moving: Duration, totals: WorkoutTotals,
        currentSpeedMetersPerSecond: Double?, currentHeartRate: Int?, at: HubInstant, kind: WorkoutKind = .default,
        currentCadence: Int? = nil, currentPowerWatts: Int? = nil, threeSecondPowerWatts: Double? = nil,
        isAutoPaused: Bool = false
    ) {
        self.kind = kind
        self.currentCadence = currentCadence
        self.currentPowerWatts = currentPowerWatts
        self.threeSecondPowerWatts = threeSecondPowerWatts
        self.isAutoPaused = isAutoPaused
        self.workoutID = workoutID
        self.state = state
        self.elapsed = elapsed
        self.moving = moving
        self.totals = totals
        self.currentSpeedMetersPerSecond = currentSpeedMetersPerSecond
        self.currentHeartRate = currentHeartRate
        self.at = at
    }
}

/// A lap was closed.
public struct LapCompleted: BusMessage, Equatable {
    public var workoutID: WorkoutID
    public var lap: WorkoutLap

    public init(workoutID: WorkoutID, lap: WorkoutLap) {
        self.workoutID = workoutID
        self.lap = lap
    }
}

/// A workout interrupted by a crash was found at start-up and resumed or closed.
public struct WorkoutRecovered: BusMessage, Equatable {
    public var workout: Workout
    public var outcome: WorkoutRecovery
    /// How long the hub was away.
    public var gap: Duration

    public init(workout: Workout, outcome: WorkoutRecovery, gap: Duration) {
        self.workout = workout
        self.outcome = outcome
        self.gap = gap
    }
}

/// Ask the workout engine to report once everything recorded so far is stored.
///
/// The engine stores a workout's history in the background, in order; this travels the same way, so
/// `WorkoutStored` with the same `token` means that every second, pause, lap and finish recorded before the
/// command was sent is in the database.
public struct StoreWorkoutCommand: BusMessage, Equatable {
    public var token: UInt64

    public init(token: UInt64) { self.token = token }
}

/// Everything the workout engine recorded before the `StoreWorkoutCommand` with this `token` is stored.
public struct WorkoutStored: BusMessage, Equatable {
    public var token: UInt64

    public init(token: UInt64) { self.token = token }
}
