import Foundation
import Records

/// The hub's sense of time: a monotonic instant that schedules and measures, and the wall clock that only labels.
///
/// A Raspberry Pi has no real-time clock: at boot the wall clock is wrong until NTP steps it, by minutes or by
/// years, and a person may set it by hand. So every schedule and every duration (workout seconds, staleness,
/// backoff) runs on ``instant``, which never jumps, and ``now`` is read only to label what is stored or shown.
/// Injected everywhere time matters, so that tests run on a `ManualClock` (which can also step its wall clock)
/// and the simulator can run a workout faster than real time (`--speed 60`: one minute a second).
///
/// ```swift
/// let deadline = clock.instant + .seconds(1)
/// try await clock.sleep(until: deadline)
/// store(label: clock.now)
/// ```
public protocol HubClock: Sendable {
    /// Monotonic hub time: never steps, runs `speed` times faster than real time.
    var instant: HubInstant { get }
    /// The wall-clock time, for labels only: it may step at any moment.
    var now: Date { get }
    /// Hub seconds per real second: 1 for a real workout, 60 for `--speed 60`.
    var speed: Double { get }
    /// Whether the wall clock is known to be set (the kernel's NTP status is synchronised).
    var isWallClockSynchronised: Bool { get }
    /// Where this process stands in the machine's boot, in real seconds whatever the clock's speed, to measure time
    /// between two runs of the hub without the wall clock; nil when it cannot be known.
    var bootTime: BootTime? { get }
    /// Suspends until `deadline`; throws `CancellationError` when the task is cancelled.
    func sleep(until deadline: HubInstant) async throws
    /// Suspends until `deadline`, or up to `tolerance` of hub time after it, whichever suits the clock; throws
    /// `CancellationError` when the task is cancelled.
    ///
    /// For a watcher that need not wake at an exact moment (silence for a few seconds): its sleep may then end with
    /// another that ends about then, the workout's second, instead of waking the hub on its own. Never ends
    /// before `deadline`. The default ignores the tolerance.
    func sleep(until deadline: HubInstant, tolerance: Duration) async throws
    /// The executor of the thread that ends this clock's sleeps, or nil (the default) when there is none.
    ///
    /// For work that wakes on this clock every second and does little then (the workout engine's second): a task
    /// that prefers this executor resumes on the thread that ended its sleep, with no hop through the pool. Its
    /// work must never block: the clock's other sleeps wait behind it.
    var timerExecutor: (any TaskExecutor)? { get }
    /// Tells the sensors' gathering readers (`GatheringPause`) that a ticker of whole seconds ticks from `instant`,
    /// so that they read just before each tick, in the same moment. The default does nothing (a test's clock, a
    /// sped-up one).
    func alignGatheredReads(withTicksFrom instant: HubInstant)
}

extension HubClock {
    public var timerExecutor: (any TaskExecutor)? { nil }

    public func alignGatheredReads(withTicksFrom instant: HubInstant) {}

    public func sleep(until deadline: HubInstant, tolerance: Duration) async throws {
        try await sleep(until: deadline)
    }

    /// Suspends for `duration` of hub time.
    public func sleep(for duration: Duration) async throws {
        try await sleep(until: instant + duration)
    }

    /// The wall-clock label of an earlier (or later) `instant`, as the wall clock reads now.
    public func wallTime(of other: HubInstant) -> Date {
        now.addingTimeInterval((other - instant).seconds)
    }
}

/// A point on a `HubClock`'s monotonic time line, as hub time since the clock started.
///
/// Only differences mean something; instants of different clocks (or processes) cannot be compared.
public struct HubInstant: Comparable, Hashable, Sendable {
    /// Hub time since the clock's origin.
    public var sinceOrigin: Duration

    public init(sinceOrigin: Duration) { self.sinceOrigin = sinceOrigin }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.sinceOrigin < rhs.sinceOrigin }
    public static func + (lhs: Self, rhs: Duration) -> Self { Self(sinceOrigin: lhs.sinceOrigin + rhs) }
    public static func - (lhs: Self, rhs: Duration) -> Self { Self(sinceOrigin: lhs.sinceOrigin - rhs) }
    public static func - (lhs: Self, rhs: Self) -> Duration { lhs.sinceOrigin - rhs.sinceOrigin }
}

extension Duration {
    /// The duration in seconds, as a floating-point number.
    public var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
