import Foundation
import HubCore
import Positioning

/// Pauses the workout while the receiver is not moving, and resumes it when it moves again: a runner's or
/// cyclist's watch's auto-pause, so that stops at lights do not count as moving time.
///
/// Off by default (indoors there is no GPS, and a treadmill run never moves). Pure arithmetic on the fixes'
/// own times, like ``FixFilter``: the delay is the receiver's seconds, so it does not depend on how fast the
/// fixes arrive. It only resumes a pause it made: a pause by hand stays until it is ended by hand.
///
/// ```swift
/// var autoPause = AutoPause(settings: .init(speed: 1, delay: 3))
/// autoPause.workoutChanged(to: .running)
/// if let action = autoPause.take(speed: fix.speedMetersPerSecond, at: fix.time) { bus.publish(WorkoutCommand(action)) }
/// ```
public struct AutoPause: Sendable {
    /// The thresholds, from the plugin's configuration.
    public struct Settings: Sendable, Equatable {
        /// Below this speed, m/s, the receiver is not moving.
        public var speed: Double
        /// How long the speed must stay below `speed` before the workout pauses, seconds of receiver time.
        public var delay: TimeInterval

        public init(speed: Double = 1, delay: TimeInterval = 3) {
            self.speed = speed
            self.delay = delay
        }
    }

    /// Fixes in a row at or above the speed that resume the workout: one fast fix can be a glitch.
    static let fixesToResume = 2

    public let settings: Settings
    /// The workout's state as last seen, or as it will be once a command sent is applied.
    private(set) var workout: WorkoutState = .idle
    /// Whether the current pause is this one's, and so its to end.
    private(set) var pausedHere = false
    /// When the speed fell below the threshold, while running.
    private var slowSince: Date?
    private var fastFixes = 0

    public init(settings: Settings) { self.settings = settings }

    /// The workout engine changed state (`WorkoutStateChanged`).
    public mutating func workoutChanged(to state: WorkoutState) {
        // The pause this one asked for arriving changes nothing; any other change (a resume by hand, a stop, a
        // pause by hand while running) ends its claim on the pause.
        if state == .paused, pausedHere, workout == .paused { return }
        workout = state
        pausedHere = false
        slowSince = nil
        fastFixes = 0
    }

    /// Takes a fix's speed (0 while the location filter holds a stop) at the receiver's time `time`; returns
    /// the command to give, if any.
    public mutating func take(speed: Double, at time: Date) -> WorkoutCommand.Action? {
        let moving = speed >= settings.speed
        switch workout {
        case .running:
            guard !moving else {
                slowSince = nil
                return nil
            }
            let since = slowSince ?? time
            slowSince = since
            guard time.timeIntervalSince(since) >= settings.delay else { return nil }
            // Counted as paused from now: the fixes before the engine says so must not pause it again.
            (workout, pausedHere, slowSince, fastFixes) = (.paused, true, nil, 0)
            return .pause
        case .paused where pausedHere:
            fastFixes = moving ? fastFixes + 1 : 0
            guard fastFixes >= Self.fixesToResume else { return nil }
            (workout, pausedHere, fastFixes) = (.running, false, 0)
            return .resume
        default:
            return nil
        }
    }
}
