import Foundation

/// The hub's sense of time: wall-clock dates for records, and sleeping until one.
///
/// Injected everywhere time matters, so that tests run on a `ManualClock` and the simulator can run a workout
/// faster than real time (`--speed 60`: one minute a second) with every timestamp and duration consistent.
///
/// ```swift
/// try await clock.sleep(until: clock.now.addingTimeInterval(1))
/// ```
public protocol HubClock: Sendable {
    /// The current time as the hub sees it.
    var now: Date { get }
    /// Hub seconds per real second: 1 for a real workout, 60 for `--speed 60`.
    var speed: Double { get }
    /// Suspends until `deadline`; throws `CancellationError` when the task is cancelled.
    func sleep(until deadline: Date) async throws
}

extension HubClock {
    public var speed: Double { 1 }

    /// Suspends for `duration` of hub time.
    public func sleep(for duration: Duration) async throws {
        try await sleep(until: now.addingTimeInterval(duration.seconds))
    }
}

/// The real clock, optionally running faster than real time for simulations.
public struct SystemClock: HubClock {
    /// Hub seconds per real second; 1 for a real workout.
    public let speed: Double
    private let originDate: Date
    private let origin: ContinuousClock.Instant

    /// Creates a clock that starts at the current wall time and runs `speed` times faster than real time.
    public init(speed: Double = 1) {
        precondition(speed > 0, "clock speed must be positive")
        self.speed = speed
        originDate = Date()
        origin = ContinuousClock.now
    }

    public var now: Date {
        guard speed != 1 else { return Date() }
        return originDate.addingTimeInterval((ContinuousClock.now - origin).seconds * speed)
    }

    public func sleep(until deadline: Date) async throws {
        let remaining = deadline.timeIntervalSince(now) / speed
        if remaining > 0 {
            try await Task.sleep(for: .seconds(remaining))
        } else {
            try Task.checkCancellation()
            await Task.yield()
        }
    }
}

extension Duration {
    /// The duration in seconds, as a floating-point number.
    public var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
