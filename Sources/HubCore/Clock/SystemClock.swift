import CSystemClock
import Foundation
import Records

/// The real clock: monotonic time from `ContinuousClock`, wall time from the system, optionally faster than real
/// time for simulations.
public struct SystemClock: HubClock {
    /// Hub seconds per real second; 1 for a real workout.
    public let speed: Double
    private let originDate: Date
    private let origin: ContinuousClock.Instant

    /// Creates a clock that starts now and runs `speed` times faster than real time.
    public init(speed: Double = 1) {
        precondition(speed > 0, "clock speed must be positive")
        self.speed = speed
        originDate = Date()
        origin = ContinuousClock.now
    }

    public var instant: HubInstant {
        HubInstant(sinceOrigin: (ContinuousClock.now - origin) * speed)
    }

    /// The system's wall time; in a sped-up simulation, simulated wall time that runs as fast as the hub.
    public var now: Date {
        guard speed != 1 else { return Date() }
        return originDate.addingTimeInterval(instant.sinceOrigin.seconds)
    }

    public var isWallClockSynchronised: Bool { stayfit_wall_clock_is_synchronised() != 0 }

    /// In real seconds, also in a sped-up simulation: saved with each second of a workout, it tells a hub that comes
    /// back after a crash how long it was away, which that hub then counts on its own clock.
    public var bootTime: BootTime? {
        guard let bootID = Self.bootID else { return nil }
        let seconds = stayfit_seconds_since_boot()
        return seconds < 0 ? nil : BootTime(bootID: bootID, secondsSinceBoot: seconds)
    }

    /// On the hub's own timer thread rather than `Task.sleep`: a third of the thread wake-ups (see `TimerThread`).
    public func sleep(until deadline: HubInstant) async throws {
        try await TimerThread.shared.sleep(until: origin + deadline.sinceOrigin / speed)
    }

    public func sleep(until deadline: HubInstant, tolerance: Duration) async throws {
        try await TimerThread.shared.sleep(until: origin + deadline.sinceOrigin / speed, tolerance: tolerance / speed)
    }

    /// At real time only: a sped-up clock's ticks are not the sensors' seconds.
    public func alignGatheredReads(withTicksFrom instant: HubInstant) {
        guard speed == 1 else { return }
        GatheringPause.alignWakeUps(withTickAt: origin + instant.sinceOrigin)
    }

    /// The timer thread that ends this clock's sleeps (see `TimerThread`).
    public var timerExecutor: (any TaskExecutor)? { TimerThread.shared }

    /// Read once: it does not change while the machine runs.
    private static let bootID: String? = {
        guard let text = try? String(contentsOfFile: "/proc/sys/kernel/random/boot_id", encoding: .utf8) else {
            return nil
        }
        let id = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return id.isEmpty ? nil : id
    }()
}
